import { describe, expect, it } from 'vitest';
import { homeSearchUrl, parseListingParams, roundedListingCount, toListingParams, toSearchBody, withFilters } from './listing-params';

describe('listing URL', () => {
  it('reads the spec params and ours, and writes them back unchanged', () => {
    const url =
      'type=Car&category=SUV&fuel=Petrol&make=Audi&make=BMW&color=Red&minPrice=20&maxPrice=80&minYear=2015&q=toyta&from=2026-07-01&to=2026-07-03&p.abc=5&p.abc=7&sort=price-asc&page=3';
    const filters = parseListingParams(new URLSearchParams(url));
    expect(filters).toEqual({
      type: 'Car',
      category: 'SUV',
      fuel: 'Petrol',
      makes: ['Audi', 'BMW'],
      colors: ['Red'],
      minPrice: 20,
      maxPrice: 80,
      minYear: 2015,
      maxYear: undefined,
      q: 'toyta',
      sort: 'price-asc',
      page: 3,
      from: '2026-07-01',
      to: '2026-07-03',
      properties: { abc: ['5', '7'] },
    });
    expect(parseListingParams(toListingParams(filters))).toEqual(filters);
  });

  it("ignores fuel 'None', bad numbers, bad days and unknown sorts", () => {
    const filters = parseListingParams(new URLSearchParams('fuel=None&minPrice=abc&page=-2&sort=cheap&from=tomorrow'));
    expect(filters).toMatchObject({ fuel: undefined, minPrice: undefined, page: 1, sort: 'relevance', from: undefined });
    expect(toListingParams(filters).toString()).toBe('');
  });

  it('goes back to page 1 when a filter changes', () => {
    const filters = parseListingParams(new URLSearchParams('page=4'));
    expect(withFilters(filters, { makes: ['Kia'] }).page).toBe(1);
  });

  it('builds the search body', () => {
    const body = toSearchBody(parseListingParams(new URLSearchParams('type=Car&make=Audi&p.x=1&page=2')), 24);
    expect(body).toMatchObject({
      vehicleTypeId: 'Car',
      makes: ['Audi'],
      properties: [{ propertyId: 'x', values: ['1'] }],
      page: 2,
      pageSize: 24,
    });
  });

  it('sends the place as a point with its radius, and as a point alone for Anywhere (the distance sort still measures)', () => {
    const within = toSearchBody(parseListingParams(new URLSearchParams('near=52.52,13.405&radius=25&sort=distance')), 24);
    expect(within.near).toEqual({ lat: 52.52, lng: 13.405, radiusKm: 25 });
    const anywhere = toSearchBody(parseListingParams(new URLSearchParams('near=52.52,13.405&sort=distance')), 24);
    expect(anywhere.near).toEqual({ lat: 52.52, lng: 13.405 });
    expect(anywhere.sort).toBe('distance');
    expect(toSearchBody(parseListingParams(new URLSearchParams('near=abc')), 24).near).toBeNull();
  });

  it("builds the home page's Search Now link with names, leaving out fuel 'None'", () => {
    expect(homeSearchUrl({ type: 'Car', category: 'SUV', fuel: 'Petrol' })).toBe('/listing?type=Car&category=SUV&fuel=Petrol');
    expect(homeSearchUrl({ type: 'Electric Scooter', fuel: 'None' })).toBe('/listing?type=Electric+Scooter');
    expect(homeSearchUrl({})).toBe('/listing');
  });

  it("carries the home search's optional days as the listing's availability filter", () => {
    expect(homeSearchUrl({ type: 'Car', from: '2026-12-01', to: '2026-12-07' })).toBe('/listing?type=Car&from=2026-12-01&to=2026-12-07');
  });

  it('rounds the active listing count down to a multiple of 10', () => {
    expect(roundedListingCount(69)).toBe(60);
    expect(roundedListingCount(100_000)).toBe(100_000);
    expect(roundedListingCount(7)).toBe(0);
  });
});
