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
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('image 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog')).toHaveTextContent('image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveTextContent('image 1 of 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches the main photo first at its shown size, and the thumbnails lazily from the small files', () => {
    const thumbnails = images.map((url) => url.replace('.webp', '-thumb.webp'));
    render(<VehicleGallery images={images} thumbnails={thumbnails} alt="Audi A4" />);
    const main = screen.getByRole('img', { name: 'Audi A4, image 1 of 3' });
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).not.toHaveAttribute('loading', 'lazy');
    expect(main).toHaveAttribute('srcset', '/images/vehicles/a-thumb.webp 480w, /images/vehicles/a.webp 1600w');
    expect(main).toHaveAttribute('width');
    expect(main).toHaveAttribute('height');
    const strip = screen.getByRole('list', { name: 'Thumbnails' }).querySelectorAll('img');
    expect([...strip].map((img) => img.getAttribute('src'))).toEqual(thumbnails.map((url) => `/${url}`));
    for (const img of strip) expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('says so when a vehicle has no images', () => {
    render(<VehicleGallery images={[]} alt="Audi A4" />);
    expect(screen.getByText('No images for this vehicle.')).toBeInTheDocument();
  });
});
