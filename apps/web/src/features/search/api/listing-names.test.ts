import { describe, expect, it } from 'vitest';
import { listingHeading, needsOtherLanguages, otherLocales, resolveListingNames, type CatalogueRows } from './listing-names';

const fuels: never[] = [];
/** The German page's lists, and the same rows in English and French. */
const german = {
  types: [
    { id: 1, name: 'Auto', availableFuels: fuels },
    { id: 2, name: 'Fahrrad', availableFuels: fuels },
  ],
  categories: [
    { id: 10, name: 'Limousine', description: '', vehicleTypeId: 1 },
    { id: 11, name: 'SUV', description: '', vehicleTypeId: 1 },
    { id: 20, name: 'Rennrad', description: '', vehicleTypeId: 2 },
  ],
};
const english = {
  types: [
    { id: 1, name: 'Car', availableFuels: fuels },
    { id: 2, name: 'Bicycle', availableFuels: fuels },
  ],
  categories: [
    { id: 10, name: 'Sedan', description: '', vehicleTypeId: 1 },
    { id: 11, name: 'SUV', description: '', vehicleTypeId: 1 },
    { id: 20, name: 'Road', description: '', vehicleTypeId: 2 },
  ],
};
const french = {
  types: [
    { id: 1, name: 'Voiture', availableFuels: fuels },
    { id: 2, name: 'Vélo', availableFuels: fuels },
  ],
  categories: [
    { id: 10, name: 'Berline', description: '', vehicleTypeId: 1 },
    { id: 11, name: 'SUV', description: '', vehicleTypeId: 1 },
    { id: 20, name: 'Route', description: '', vehicleTypeId: 2 },
  ],
};
const rows: CatalogueRows = {
  ...german,
  otherTypes: [english.types, french.types],
  otherCategories: [english.categories, french.categories],
};

describe("the listing's type and category named in any language (issue 24)", () => {
  it("a German page names the type of '?type=Car', '?type=Auto', '?type=voiture' and '?type=1' alike: 'Auto'", () => {
    for (const [ref, name] of [
      ['Car', 'Auto'],
      ['Auto', 'Auto'],
      ['auto', 'Auto'],
      ['voiture', 'Auto'],
      ['1', 'Auto'],
      ['Vélo', 'Fahrrad'],
      ['bicycle', 'Fahrrad'],
    ]) {
      expect(resolveListingNames(rows, ref, undefined).type?.name, ref).toBe(name);
    }
  });

  it('the category in any language, within the chosen type', () => {
    expect(resolveListingNames(rows, 'Car', 'Sedan').category?.name).toBe('Limousine');
    expect(resolveListingNames(rows, 'Voiture', 'berline').category?.name).toBe('Limousine');
    expect(resolveListingNames(rows, 'Auto', 'Limousine').category?.name).toBe('Limousine');
    // A category of another type is not this type's.
    expect(resolveListingNames(rows, 'Bicycle', 'Sedan').category).toBeUndefined();
  });

  it('an unknown name resolves to nothing (the page shows the name as it came)', () => {
    expect(resolveListingNames(rows, 'Spaceship', undefined)).toEqual({ type: undefined });
    expect(resolveListingNames(rows, undefined, 'Sedan')).toEqual({});
  });

  it("asks for the other languages' lists only when the page's own does not know a name", () => {
    expect(needsOtherLanguages(german, 'Auto', 'SUV')).toBe(false);
    expect(needsOtherLanguages(german, '2', undefined)).toBe(false);
    expect(needsOtherLanguages(german, 'Car', undefined)).toBe(true);
    expect(needsOtherLanguages(german, 'Auto', 'Sedan')).toBe(true);
    expect(needsOtherLanguages(german, undefined, undefined)).toBe(false);
    expect(otherLocales('de')).toEqual(['en', 'fr', 'es', 'it', 'nl']);
  });

  it("the heading: English makes the spec's plural, the other languages show the catalogue's names", () => {
    expect(listingHeading({ type: 'Car' })).toBe('Cars');
    expect(listingHeading({ type: 'Car', category: 'SUV' }, 'en')).toBe('SUV Cars');
    expect(listingHeading({ type: 'Fahrrad' }, 'de')).toBe('Fahrrad');
    expect(listingHeading({ type: 'Auto', category: 'Limousine' }, 'de')).toBe('Auto – Limousine');
  });
});
