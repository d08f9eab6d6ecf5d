/* eslint-disable no-restricted-syntax -- test-only (imported by pseudo-locale*.test.tsx): its fetch stub answers literal request paths, as tests do. */
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { messages as pseudoApi } from '@rentdrive/contracts/i18n/pseudo.json?lingui';
import { LOCALE_NAMES, LOCALES } from '@rentdrive/contracts/locales';
import { OFFICE } from '../features/contact/components/office-location';
import { PRODUCT_NAME } from '../lib/product';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { renderWithApp } from '../test/render';
import { installCatalogue } from './catalogues';
import { formatterFor } from './format';
import { messages as pseudoHome } from './locales/home/pseudo.json?lingui';
import { messages as pseudoListing } from './locales/listing/pseudo.json?lingui';
import { messages as pseudoMore } from './locales/more/pseudo.json?lingui';
import { messages as pseudoWeb } from './locales/pseudo.json?lingui';
import { messages as pseudoVehicle } from './locales/vehicle/pseudo.json?lingui';

/**
 * Test-only: the check shared by pseudo-locale*.test.tsx.
 * Every text a person reads comes from a catalogue (issue 24): the screens render in Lingui's
 * pseudo-locale (each catalogue message accented: 'Ĥōmē'), and any visible text or accessible name
 * still written in plain ASCII words is a text the catalogues do not have. What the API returns (the
 * fixtures below: makes, names, descriptions, catalogue names) and numbers are not messages.
 */
export const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
export const OWNER_ID = '0b6c8b55-2f3b-4c40-9a2e-3c1f5b9b2d11';
export const USER_ID = '7a4f2f4e-1b2c-4d3e-8f9a-0b1c2d3e4f50';
export const RENTAL_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

export const user = {
  id: USER_ID,
  userName: 'marta',
  username: 'marta',
  email: 'marta@example.com',
  phoneNumber: null,
  memberSince: '2026-01-05T10:00:00.000Z',
  isCompanyEmployee: true,
  balance: 1234.56,
  pendingBalance: 20,
  withdrawableBalance: 100,
  refundableToCard: 50,
};
export const types = [{ id: 1, name: 'Car', availableFuels: [{ id: 1, name: 'Petrol' }] }];
export const categories = [{ id: 3, name: 'SUV', description: 'Sport utility', vehicleTypeId: 1 }];
/** A property of the catalogue, as the properties endpoints give it (its value type and unit are data). */
export const property = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  name: 'Seats',
  valueType: 'Int',
  unitOfMeasurement: 'None',
  vehicleTypeId: 1,
};
/** The employees' catalogue screens show each row's names in the other languages (data, not messages). */
const catalogueTranslations = { types: [{ id: 1, translations: { de: 'Auto', fr: 'Voiture' } }], categories: [], properties: [] };
export const card = {
  id: VEHICLE_ID,
  make: 'Skoda',
  model: 'Kodiaq',
  vehicleType: 'Car',
  vehicleTypeCategory: 'SUV',
  yearOfProduction: 2021,
  pricePerDay: 89.5,
  fuelType: 'Petrol',
  imageURL: null,
  description: 'Roomy family car with a tow bar',
  ownerName: 'jonas',
  starsRating: 4.5,
  reviewCount: 2,
};
const searchResult = {
  items: [card],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: {
    makes: [{ name: 'Skoda', count: 1 }],
    colors: [{ name: 'Grey', count: 1 }],
    fuelTypes: [{ id: 1, name: 'Petrol', count: 1 }],
    price: { min: 89.5, max: 89.5 },
    year: { min: 2021, max: 2021 },
    properties: [],
  },
};
const baseFilters = {
  makes: [{ name: 'Skoda', count: 1 }],
  colors: [{ name: 'Grey', count: 1 }],
  fuelTypes: [{ id: 1, name: 'Petrol' }],
  minPrice: 50,
  maxPrice: 120,
  minYearOfProduction: 2015,
  maxYearOfProduction: 2024,
};
export const detail = {
  id: VEHICLE_ID,
  make: 'Skoda',
  model: 'Kodiaq',
  color: 'Grey',
  fuelType: 'Petrol',
  dateOfProduction: '2021-04-01',
  curbWeightInKg: 1700,
  description: 'Roomy family car with a tow bar',
  pricePerDay: 89.5,
  ownerId: OWNER_ID,
  ownerName: 'jonas',
  isCompanyProperty: true,
  vehicleType: 'Car',
  vehicleTypeCategory: 'SUV',
  starsRating: 4.5,
  reviewCount: 1,
  imageURLS: ['images/vehicles/a.webp', 'images/vehicles/b.webp'],
  thumbnailURLS: ['images/vehicles/a-thumb.webp', 'images/vehicles/b-thumb.webp'],
  vehicleProperties: [
    { vehicleTypePropertyName: 'Seats', vehicleTypePropertyValue: '7', unitOfMeasurement: 'None' },
    { vehicleTypePropertyName: 'Tow bar', vehicleTypePropertyValue: 'true', unitOfMeasurement: 'None' },
  ],
  vehicleReviews: [{ username: 'lena', starRating: 4.5, comment: 'Clean and easy to drive', createdOn: '2026-10-02T09:00:00.000Z' }],
};
const overview = {
  username: 'marta',
  email: 'marta@example.com',
  phoneNumber: '+31612345678',
  memberSince: '2026-01-05T10:00:00.000Z',
  completedRentalsCount: 3,
  userRating: 4.5,
  vehiclesListedCount: 1,
};
export const myVehicle = {
  id: VEHICLE_ID,
  imageUrl: '',
  make: 'Skoda',
  model: 'Kodiaq',
  fuelType: 'Petrol',
  pricePerDay: 89.5,
  timesBooked: 2,
  starRating: 4.5,
  reviewCount: 1,
};
const transactions = [
  { id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', createdOn: '2026-11-02T10:00:00.000Z', type: 'Deposit', amount: 100 },
  {
    id: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    createdOn: '2026-11-03T10:00:00.000Z',
    type: 'Withdraw',
    amount: -20,
    payoutAccount: 'DE•• •••• 3000',
  },
];
export const rental = {
  id: RENTAL_ID,
  vehicleId: VEHICLE_ID,
  vehicleMake: 'Skoda',
  vehicleModel: 'Kodiaq',
  imageUrl: null,
  status: 'Active',
  bookedOn: '2026-11-01T10:00:00.000Z',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  pricePerDay: 89.5,
  totalPrice: 268.5,
  isConfirmable: true,
  isCompleted: false,
  hasReviewedVehicle: false,
  isCancellable: true,
  isCancelled: false,
};

/** Every string of the fixtures: data shown as it came, not a message. */
function dataStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => dataStrings(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => dataStrings(v, into));
  return into;
}
const format = formatterFor('pseudo');
/**
 * The fixtures' codes the screens must show in words ('Active' rental, 'Deposit', unit 'None', a yes/no
 * property's 'true'): not data, so an untranslated one is caught.
 */
const CODES = new Set(['Active', 'Deposit', 'Withdraw', 'None', 'true']);
const BASE_DATA = [
  ...[
    ...dataStrings([user, types, categories, catalogueTranslations, card, searchResult, detail, rental, overview, myVehicle, transactions]),
  ].filter((s) => !CODES.has(s)),
  PRODUCT_NAME,
  // The company's legal name and unit symbols are the same in every language.
  `${PRODUCT_NAME} Co., Ltd.`,
  // The office's postal address is written as the post writes it.
  ...OFFICE.addressLines,
  'kg',
  // The language switch names each language in its own name, and the current one by its code.
  ...Object.values(LOCALE_NAMES),
  'PSEUDO',
  // Month and weekday names come from the formatting module (Intl for the real languages), not a catalogue.
  ...Array.from({ length: 12 }, (_, m) => format.dateWords(new Date(Date.UTC(2026, m, 1)), 'month').replace(/ \d+$/, '')),
  ...Array.from({ length: 12 }, (_, m) => format.dateWords(new Date(Date.UTC(2026, m, 1)), 'short').replace(/^\d+ | \d+$/g, '')),
  ...format.weekdays().flatMap((d) => [d.short, d.long]),
  // Times of day follow the reader's clock (English pages: the browser's 12 or 24 hours).
  'AM',
  'PM',
];

/** A screen's own endpoints: the answer for `path` (query left off), or undefined for the shared ones. */
export type ExtraFixture = (path: string, url: string, init: RequestInit | undefined) => Response | undefined;

function answer(url: string, init: RequestInit | undefined, signedIn: boolean, extra?: ExtraFixture): Response {
  const path = url.split('?')[0] ?? url;
  const own = extra?.(path, url, init);
  if (own) return own;
  if (path === '/api/account/session') return jsonResponse({ user: signedIn ? user : null });
  if (path === '/api/account/me') return signedIn ? jsonResponse(user) : jsonResponse({ status: 401, detail: 'x' }, 401);
  if (path === '/api/vehicletype/types') return jsonResponse(types);
  if (path === '/api/vehicletypecategory/all') return jsonResponse(categories);
  if (path === '/api/catalogue/translations') return jsonResponse(catalogueTranslations);
  if (path === '/api/base/fuel-types') return jsonResponse([{ id: 1, name: 'Petrol' }]);
  if (path === '/api/vehicle/recent') return jsonResponse([card]);
  if (path === '/api/vehicle/active-listings') return jsonResponse(1234);
  if (path === '/api/vehicle/search') return jsonResponse(searchResult);
  if (path === '/api/vehicle/base-filter-properties') return jsonResponse(baseFilters);
  if (path === `/api/vehicle/${VEHICLE_ID}`) return jsonResponse(detail);
  if (path === `/api/rental/${VEHICLE_ID}`) return jsonResponse(['2026-12-10']);
  if (path === '/api/rental/my-rentals') return jsonResponse([rental]);
  if (path === '/api/account/overview-details') return jsonResponse(overview);
  if (path === '/api/account/user-profile-details')
    return jsonResponse({ username: 'marta', email: 'marta@example.com', phoneNumber: null });
  if (path === '/api/vehicle/user-vehicles') return jsonResponse([myVehicle]);
  if (path === '/api/wallettransaction/history') return jsonResponse(transactions);
  if (path === '/api/claims/mine') return jsonResponse([]);
  // Issue 27: the renter's published ratings by owners (My Rentals' summary, the overview).
  if (path === '/api/rental/renter-reviews/mine')
    return jsonResponse({
      average: 4.5,
      count: 2,
      reviews: [{ rentalId: RENTAL_ID, starRating: 4, comment: null, publishedOn: '2026-12-05T10:00:00.000Z' }],
    });
  if (path.startsWith('/api/chat/') || path.startsWith('/api/notifications')) return jsonResponse({ count: 0, items: [] });
  return jsonResponse({ status: 404, detail: `no fixture for ${path}` }, 404);
}

/** Plain-ASCII words (two letters or more) left once data and numbers are taken out: texts no catalogue gave. */
export function untranslatedWords(text: string, data: readonly string[] = dataList()): string[] {
  let rest = text;
  for (const known of data) if (known) rest = rest.split(known).join(' ');
  return rest.match(/[A-Za-z\u00c0-\u024f\u1e00-\u1eff]{2,}/g)?.filter((word) => /^[A-Za-z]+$/.test(word)) ?? [];
}

/** The visible texts and accessible names on the page that are not from a catalogue. */
function textsNotFromCatalogue(data: readonly string[]): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (node.parentElement?.closest('script, style, svg')) continue;
    // A language's code beside a name in that language ('DE Auto' in the catalogue screens) is no message.
    if ((LOCALES as readonly string[]).includes(text.trim())) continue;
    if (untranslatedWords(text, data).length) found.push(`text: '${text.trim()}'`);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value && untranslatedWords(value, data).length) found.push(`${name}: '${value}'`);
    }
  }
  return found;
}

/** The data strings to leave out: the shared fixtures', and `extra` (a screen's own fixtures), longest first. */
function dataList(extra?: unknown): string[] {
  return [...BASE_DATA, ...dataStrings(extra)].sort((a, b) => b.length - a.length);
}

export interface PseudoCheckOptions {
  path?: string;
  url?: string;
  signedIn?: boolean;
  /** A text (or part) the screen shows once its data is in. */
  shows?: string;
  /** Or a form field's value the screen fills in from its data. */
  showsValue?: string;
  /** The screen's own endpoints, answered before the shared ones. */
  fixture?: ExtraFixture;
  /** What a person does once the screen is in (open a panel), before the texts are checked. */
  then?: () => Promise<void>;
  /** The screen's own fixture data: its strings are data, not messages. */
  data?: unknown;
}

export async function expectAllFromCatalogue(ui: ReactElement, options: PseudoCheckOptions) {
  // One screen at a time: the one checked before leaves the page (its data is not this one's).
  cleanup();
  stubFetch((url, init) => answer(url, init, options.signedIn ?? false, options.fixture));
  renderWithApp(ui, { path: options.path, url: options.url, locale: 'pseudo' });
  // Data loaded, and the page's loading states over.
  if (options.shows) expect((await screen.findAllByText(options.shows, { exact: false }, { timeout: 8000 })).length).toBeGreaterThan(0);
  else if (options.showsValue) expect(await screen.findByDisplayValue(options.showsValue, {}, { timeout: 8000 })).toBeTruthy();
  else await waitFor(() => expect(document.querySelectorAll('button, a[href]').length).toBeGreaterThan(0));
  await options.then?.();
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  expect(textsNotFromCatalogue(dataList(options.data))).toEqual([]);
}

/** Installs the pseudo catalogues (call in beforeAll). */
export function installPseudoCatalogues() {
  installCatalogue('pseudo', [pseudoWeb, pseudoHome, pseudoListing, pseudoVehicle, pseudoMore, pseudoApi]);
}
