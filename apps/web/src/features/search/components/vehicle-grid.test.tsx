import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { renderWithApp } from '../../../test/render';
import { VehicleGrid } from './vehicle-grid';

const card = (i: number): VehicleCard => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  make: `Make ${i}`,
  model: 'Model',
  vehicleType: 'Car',
  vehicleTypeCategory: 'SUV',
  yearOfProduction: 2020,
  pricePerDay: 40,
  fuelType: 'Petrol',
  imageURL: `images/vehicles/${i}-thumb.webp`,
  description: 'A car.',
  ownerName: 'owner',
  starsRating: 4,
  reviewCount: 2,
});

describe('VehicleGrid', () => {
  it('fetches the photos of the first cards first and the rest lazily, each with its size so nothing shifts', () => {
    // As the app renders it: each card's heart (its own chunk) asks who is signed in and may toast.
    const { container } = renderWithApp(<VehicleGrid vehicles={[1, 2, 3, 4, 5].map(card)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    const photos = [...container.querySelectorAll('img')];
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy']);
    expect(photos.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null, null, null]);
    for (const img of photos) {
      expect(img).toHaveAttribute('width', '480');
      expect(img).toHaveAttribute('height', '360');
    }
  });
});
