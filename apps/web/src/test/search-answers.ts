import { jsonResponse } from './fetch-stub';

/** GET /api/vehicle/base-filter-properties for the listing's tests: the price and year sliders' bounds. */
export function sliderBoundsAnswer(): Response {
  return jsonResponse({
    makes: [],
    colors: [],
    fuelTypes: [],
    minPrice: 25,
    maxPrice: 140,
    minYearOfProduction: 2017,
    maxYearOfProduction: 2023,
  });
}
