import { FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import type { PropertyValues, SearchResult, VehicleCard } from '@rentdrive/contracts/search';
import { centsToEuros } from '@rentdrive/domain/money';
import { meanStars } from '@rentdrive/domain/stars';
import type { CardFields } from './index/index-types';
import type { IndexFacets, PropertyFacet } from './index/vehicle-index';

/** The index's rows as the wire carries them: euros, enum names, mean stars. */

/** A property's shown name from its id and English name (the request's language, issue 24). */
export type PropertyNamer = (propertyId: string, englishName: string) => string;
const englishNames: PropertyNamer = (_id, name) => name;

export function facetsOf(facets: IndexFacets, propertyName: PropertyNamer = englishNames): SearchResult['facets'] {
  return {
    makes: facets.makes,
    colors: facets.colors,
    fuelTypes: facets.fuels.map((f) => ({ id: f.id, name: FUEL_TYPES[f.id] ?? 'None', count: f.count })),
    price: {
      min: facets.priceMinCents === null ? null : centsToEuros(facets.priceMinCents),
      max: facets.priceMaxCents === null ? null : centsToEuros(facets.priceMaxCents),
    },
    year: { min: facets.yearMin, max: facets.yearMax },
    properties: facets.properties.map((p) => toPropertyValues(p, propertyName)),
  };
}

/** A search answer around cards that are JSON texts already (SearchResult's field order). */
export function searchResultJson(
  cardsJson: string,
  total: number,
  page: number,
  pageSize: number,
  facets: IndexFacets,
  propertyName: PropertyNamer = englishNames,
): string {
  return `{"items":${cardsJson},"total":${total},"page":${page},"pageSize":${pageSize},"facets":${JSON.stringify(facetsOf(facets, propertyName))}}`;
}

/** The wire card of an index card: euros, fuel name, mean stars. */
export function toCard(row: CardFields): VehicleCard {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    vehicleType: row.vehicleType,
    vehicleTypeCategory: row.vehicleTypeCategory,
    yearOfProduction: row.yearOfProduction,
    pricePerDay: centsToEuros(row.priceCents),
    fuelType: FUEL_TYPES[row.fuelType] ?? 'None',
    imageURL: row.imageURL,
    description: row.description,
    ownerName: row.ownerName,
    starsRating: meanStars(row.starsTotal, row.reviewCount),
    reviewCount: row.reviewCount,
    // Issue 26: the place (the point rounded to a ~550 m grid by the index).
    city: row.city ?? null,
    country: row.country ?? null,
    point: row.point ?? null,
  };
}

export function toPropertyValues(row: PropertyFacet, propertyName: PropertyNamer = englishNames): PropertyValues {
  const unit = UNITS[row.unit] ?? 'None';
  return {
    propertyId: row.propertyId,
    propertyName: propertyName(row.propertyId, row.propertyName),
    valueType: VALUE_TYPES[row.valueType] ?? 'String',
    propertyValues: row.values.map((v) => ({ propertyValue: v.value, unitOfMeasurement: unit, count: v.count })),
  };
}
