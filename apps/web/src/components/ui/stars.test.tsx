import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './stars';

function kinds(container: HTMLElement): string[] {
  return container.querySelector('svg[data-stars]')?.getAttribute('data-stars')?.split(' ') ?? [];
}

describe('stars', () => {
  it('draws full stars, one half star from a remainder of 0.5 and empty ones up to five', () => {
    const { container } = render(<Stars rating={3.5} />);
    expect(kinds(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
  });

  it('rounds a remainder below 0.5 down', () => {
    const { container } = render(<Stars rating={4.4} />);
    expect(kinds(container)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('shows the review count when given', () => {
    render(<Stars rating={3} reviewCount={12} />);
    expect(screen.getByText('(12 Reviews)')).toBeInTheDocument();
  });

  it('says one review in the singular', () => {
    render(<Stars rating={4} reviewCount={1} />);
    expect(screen.getByText('(1 Review)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  });

  it("shows 'New' instead of five empty stars and '(0 Reviews)' until the first review", () => {
    const { container } = render(<Stars rating={0} reviewCount={0} />);
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(container.querySelector('svg[data-stars]')).toBeNull();
    expect(screen.queryByText(/Reviews/)).toBeNull();
  });
});
