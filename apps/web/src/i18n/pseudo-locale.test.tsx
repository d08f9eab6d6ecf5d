import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { PRODUCT_NAME } from '../lib/product';
import { expectAllFromCatalogue, installPseudoCatalogues, untranslatedWords, VEHICLE_ID } from './pseudo-locale-check';

/**
 * Every text a person reads comes from a catalogue (issue 24): the main screens in the pseudo-locale
 * (the check and the shared fixtures: pseudo-locale-check.tsx; the other screens: pseudo-locale-more.test.tsx).
 */
beforeAll(installPseudoCatalogues);
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
