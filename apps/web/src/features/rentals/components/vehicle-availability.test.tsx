import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rentals } from '@rentdrive/contracts/rentals';
import { addDays } from '@rentdrive/domain/dates';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { marketplaceToday } from '../lib/marketplace-today';
import { VehicleAvailability } from './vehicle-availability';

const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const start = addDays(marketplaceToday(), 7);
const short = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

function stubBooked(days: string[]) {
  stubFetch((url) => (url === `/api/rental/${VEHICLE_ID}` ? endpointResponse(Rentals.bookedDates, days) : jsonResponse(null, 404)));
}

afterEach(() => vi.unstubAllGlobals());

describe('VehicleAvailability', () => {
  it("shows the renter's free dates selected, with the legend's 'Selected'", async () => {
    stubBooked([]);
    renderWithApp(<VehicleAvailability vehicleId={VEHICLE_ID} wanted={{ from: start, to: addDays(start, 2) }} />);
    expect(await screen.findByText('Selected', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says which of the dates is taken and selects none of them', async () => {
    stubBooked([addDays(start, 1)]);
    renderWithApp(<VehicleAvailability vehicleId={VEHICLE_ID} wanted={{ from: start, to: addDays(start, 2) }} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Not all of your dates are free: ${short(addDays(start, 1))} is not available.`,
    );
    expect(screen.queryByText('Selected', { exact: true })).toBeNull();
  });
});
