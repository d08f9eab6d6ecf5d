import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VehicleGallery } from './vehicle-gallery';

const images = ['images/vehicles/a.webp', 'images/vehicles/b.webp', 'images/vehicles/c.webp'];

describe('VehicleGallery', () => {
  it('wraps previous and next around', async () => {
    const user = userEvent.setup();
    render(<VehicleGallery images={images} alt="Audi A4" />);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('opens the full-screen view, moves with arrow keys and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<VehicleGallery images={images} alt="Audi A4" />);
    await user.click(screen.getByRole('button', { name: /full screen/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('image 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog')).toHaveTextContent('image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveTextContent('image 1 of 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when a vehicle has no images', () => {
    render(<VehicleGallery images={[]} alt="Audi A4" />);
    expect(screen.getByText('No images for this vehicle.')).toBeInTheDocument();
  });
});
