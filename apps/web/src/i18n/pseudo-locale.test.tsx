import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages as pseudoApi } from '@rentdrive/contracts/i18n/pseudo.json?lingui';
import { LOCALE_NAMES, LOCALES } from '@rentdrive/contracts/locales';
import { Footer } from '../app/layouts/footer';
import { Header } from '../app/layouts/header';
import ContactScreen from '../app/routes/contact';
import HomeScreen from '../app/routes/home';
import ListingRoute from '../app/routes/listing';
import LoginScreen from '../app/routes/login';
import ManageVehicleTypesScreen from '../app/routes/manage-vehicle-types';
import NotFoundScreen from '../app/routes/not-found';
import ProfileOverviewScreen from '../app/routes/profile-overview';
import ProfileRentalsScreen from '../app/routes/profile-rentals';
import ProfileSettingsScreen from '../app/routes/profile-settings';
import ProfileVehiclesScreen from '../app/routes/profile-vehicles';
import ProfileWalletScreen from '../app/routes/profile-wallet';
import RegisterScreen from '../app/routes/register';
import VehicleDetailsRoute from '../app/routes/vehicle-details';
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
 * Every text a person reads comes from a catalogue (issue 24): the main screens render in Lingui's
 * pseudo-locale (each catalogue message accented: 'Ĥōmē'), and any visible text or accessible name
 * still written in plain ASCII words is a text the catalogues do not have. What the API returns (the
 * fixtures below: makes, names, descriptions, catalogue names) and numbers are not messages.
 */
const VEHICLE_ID = '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10';
const OWNER_ID = '0b6c8b55-2f3b-4c40-9a2e-3c1f5b9b2d11';
const USER_ID = '7a4f2f4e-1b2c-4d3e-8f9a-0b1c2d3e4f50';
const RENTAL_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const user = {
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
const types = [{ id: 1, name: 'Car', availableFuels: [{ id: 1, name: 'Petrol' }] }];
const categories = [{ id: 3, name: 'SUV', description: 'Sport utility', vehicleTypeId: 1 }];
/** The employees' catalogue screens show each row's names in the other languages (data, not messages). */
const catalogueTranslations = { types: [{ id: 1, translations: { de: 'Auto', fr: 'Voiture' } }], categories: [], properties: [] };
const card = {
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
const detail = {
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
const myVehicle = {
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
const rental = {
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
const DATA = [
  ...dataStrings([user, types, categories, catalogueTranslations, card, searchResult, detail, rental, overview, myVehicle, transactions]),
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
].sort((a, b) => b.length - a.length);

function answer(url: string, signedIn: boolean): Response {
  const path = url.split('?')[0] ?? url;
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
function untranslatedWords(text: string): string[] {
  let rest = text;
  for (const data of DATA) if (data) rest = rest.split(data).join(' ');
  return rest.match(/[A-Za-z\u00c0-\u024f\u1e00-\u1eff]{2,}/g)?.filter((word) => /^[A-Za-z]+$/.test(word)) ?? [];
}

/** The visible texts and accessible names on the page that are not from a catalogue. */
function textsNotFromCatalogue(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (node.parentElement?.closest('script, style, svg')) continue;
    // A language's code beside a name in that language ('DE Auto' in the catalogue screens) is no message.
    if ((LOCALES as readonly string[]).includes(text.trim())) continue;
    if (untranslatedWords(text).length) found.push(`text: '${text.trim()}'`);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value && untranslatedWords(value).length) found.push(`${name}: '${value}'`);
    }
  }
  return found;
}

async function expectAllFromCatalogue(ui: ReactElement, options: { path?: string; url?: string; signedIn?: boolean; shows?: string }) {
  stubFetch((url) => answer(url, options.signedIn ?? false));
  renderWithApp(ui, { path: options.path, url: options.url, locale: 'pseudo' });
  // Data loaded, and the page's loading states over.
  if (options.shows) expect((await screen.findAllByText(options.shows, { exact: false }, { timeout: 8000 })).length).toBeGreaterThan(0);
  else expect((await screen.findAllByRole('button')).length).toBeGreaterThan(0);
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  expect(textsNotFromCatalogue()).toEqual([]);
}

beforeAll(() => {
  installCatalogue('pseudo', [pseudoWeb, pseudoHome, pseudoListing, pseudoVehicle, pseudoMore, pseudoApi]);
});
afterEach(() => vi.unstubAllGlobals());

describe('pseudo-locale: every visible text of the main screens comes from a catalogue', () => {
  it('the check itself tells catalogue text from English text', () => {
    expect(untranslatedWords('Ĥōmē 12,50€ Skoda')).toEqual([]);
    expect(untranslatedWords('Ĥōmē Rent Now')).toEqual(['Rent', 'Now']);
  });

  it('header (signed in, employee) and footer', async () => {
    await expectAllFromCatalogue(
      <>
        <Header />
        <Footer />
      </>,
      { signedIn: true, shows: '1' },
    );
  });

  it('home', async () => {
    await expectAllFromCatalogue(<HomeScreen />, { shows: 'Kodiaq' });
  });

  it('listing', async () => {
    await expectAllFromCatalogue(<ListingRoute />, { path: '/listing', shows: 'Kodiaq' });
  });

  it('vehicle details', async () => {
    await expectAllFromCatalogue(<VehicleDetailsRoute />, {
      path: '/api/vehicle/:id',
      url: `/api/vehicle/${VEHICLE_ID}`,
      signedIn: true,
      shows: 'Roomy family car',
    });
  });

  it('login and register', async () => {
    await expectAllFromCatalogue(<LoginScreen />, { path: '/login' });
    await expectAllFromCatalogue(<RegisterScreen />, { path: '/register', shows: PRODUCT_NAME });
  });

  it('profile: overview, settings, my vehicles', async () => {
    await expectAllFromCatalogue(<ProfileOverviewScreen />, { path: '/profile', signedIn: true, shows: 'marta@example.com' });
    await expectAllFromCatalogue(<ProfileSettingsScreen />, { path: '/profile/settings', signedIn: true });
    await expectAllFromCatalogue(<ProfileVehiclesScreen />, { path: '/profile/vehicles', signedIn: true, shows: 'Kodiaq' });
  });

  it('contact, page not found, and the employees’ vehicle types', async () => {
    await expectAllFromCatalogue(<ContactScreen />, { path: '/contact-us' });
    await expectAllFromCatalogue(<NotFoundScreen />, { path: '/nowhere' });
    await expectAllFromCatalogue(<ManageVehicleTypesScreen />, { path: '/manage/vehicle-types', signedIn: true, shows: 'Car' });
  });

  it('wallet', async () => {
    await expectAllFromCatalogue(<ProfileWalletScreen />, { path: '/profile/wallet', signedIn: true, shows: 'DE•• •••• 3000' });
  });

  it('my rentals', async () => {
    await expectAllFromCatalogue(<ProfileRentalsScreen />, { path: '/profile/rentals', signedIn: true, shows: 'Kodiaq' });
  });
});
