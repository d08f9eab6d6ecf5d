import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Search } from '@rentdrive/contracts/search';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { SliderFilters } from './slider-filters';

const BOUNDS = {
  makes: [],
  colors: [],
  fuelTypes: [],
  minPrice: 20,
  maxPrice: 150,
  minYearOfProduction: 2012,
  maxYearOfProduction: 2024,
};

function renderSliders() {
  const onChange = vi.fn();
  renderWithApp(
    <SliderFilters
      type="Car"
      category={undefined}
      minPrice={undefined}
      maxPrice={undefined}
      minYear={undefined}
      maxYear={undefined}
      onChange={onChange}
    />,
  );
  return onChange;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the listing's price and year sliders (a streamed region)", () => {
  it('show their loading text in their place, then the sliders with the bounds of the type', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return endpointResponse(Search.baseFilterProperties, BOUNDS);
    });
    renderSliders();
    expect(screen.getByText('Loading prices...')).toBeInTheDocument();
    expect(screen.getByText('Loading years...')).toBeInTheDocument();
    const price = await screen.findByRole('slider', { name: 'Minimum price per day' });
    expect(price).toHaveAttribute('aria-valuemin', '20');
    expect(screen.getByRole('slider', { name: 'Maximum year of production' })).toHaveAttribute('aria-valuenow', '2024');
    expect(asked).toEqual([expect.stringContaining('vehicleTypeId=Car')]);
  });

  it("say in their own place that their bounds could not be loaded, and 'Try again' asks again", async () => {
    // React reports the error its boundary caught on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fails = true;
    stubFetch(() =>
      fails ? jsonResponse({ title: 'Unavailable', status: 503 }, 503) : endpointResponse(Search.baseFilterProperties, BOUNDS),
    );
    renderSliders();
    expect(await screen.findByRole('alert')).toHaveTextContent('The price and year filters could not be loaded.');
    expect(screen.queryByRole('slider')).toBeNull();

    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('slider', { name: 'Minimum price per day' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
