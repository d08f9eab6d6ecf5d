import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import ForgotPasswordScreen from '../app/routes/forgot-password';
import ManageCategoriesScreen from '../app/routes/manage-vehicle-type-categories';
import ManagePropertiesScreen from '../app/routes/manage-vehicle-type-properties';
import ProfileDecisionsScreen from '../app/routes/profile-decisions';
import ProfileSavedScreen from '../app/routes/profile-saved';
import ResetPasswordScreen from '../app/routes/reset-password';
import UnsubscribeScreen from '../app/routes/unsubscribe';
import VerifyEmailScreen from '../app/routes/verify-email';
import { jsonResponse } from '../test/fetch-stub';
import { card, expectAllFromCatalogue, installPseudoCatalogues, VEHICLE_ID } from './pseudo-locale-check';

/**
 * Issue 24, the screens beyond the main ones (pseudo-locale.test.tsx): each renders in the pseudo-locale
 * with its own endpoints' fixtures (shaped by packages/contracts, which callApi checks answers against),
 * and no visible text or accessible name may be plain English.
 */
beforeAll(installPseudoCatalogues);
afterEach(() => vi.unstubAllGlobals());

const property = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  name: 'Seats',
  valueType: 'Int',
  unitOfMeasurement: 'None',
  vehicleTypeId: 1,
};
/** Value types and units are the catalogue's own names (data), as the API gives them. */
const valueTypes = [
  { id: 1, name: 'Int' },
  { id: 2, name: 'String' },
];
const units = [
  { id: 0, name: 'None' },
  { id: 1, name: 'Kg' },
];
const decision = {
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  action: 'hide-listing',
  targetType: 'vehicle',
  targetId: VEHICLE_ID,
  reason: 'Photos of another car',
  until: null,
  employeeName: 'ines',
  createdAt: '2026-11-20T09:00:00.000Z',
  answered: false,
};

describe('pseudo-locale: the account links, catalogue and profile screens', () => {
  it('forgot password, reset password', async () => {
    await expectAllFromCatalogue(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await expectAllFromCatalogue(<ResetPasswordScreen />, { path: '/reset-password', url: '/reset-password?token=abc' });
  });

  it('verify e-mail and unsubscribe, once the link is taken', async () => {
    const fixture = (path: string) => {
      if (path === '/api/account/verify-email') return jsonResponse({ succeeded: true });
      if (path === '/api/mail/unsubscribe') return jsonResponse({ unsubscribed: true, kind: 'booking-confirmed' });
      return undefined;
    };
    await expectAllFromCatalogue(<VerifyEmailScreen />, { path: '/verify-email', url: '/verify-email?token=abc', fixture });
    await expectAllFromCatalogue(<UnsubscribeScreen />, { path: '/unsubscribe', url: '/unsubscribe?token=abc', fixture });
  });

  it('the employees’ categories and properties', async () => {
    const fixture = (path: string) => {
      if (path === '/api/vehicletypeproperty/types/properties') return jsonResponse([property]);
      if (path === '/api/base/value-types') return jsonResponse(valueTypes);
      if (path === '/api/base/units') return jsonResponse(units);
      return undefined;
    };
    await expectAllFromCatalogue(<ManageCategoriesScreen />, { path: '/manage/categories', signedIn: true, shows: 'SUV' });
    await expectAllFromCatalogue(<ManagePropertiesScreen />, {
      path: '/manage/properties',
      signedIn: true,
      shows: 'Seats',
      fixture,
      data: property.name,
    });
  });

  it('saved vehicles and moderation decisions', async () => {
    const fixture = (path: string) => {
      if (path === '/api/favourites' || path === '/api/vehicle/cards') return jsonResponse([card]);
      if (path === '/api/moderation/my-decisions') return jsonResponse([decision]);
      return undefined;
    };
    await expectAllFromCatalogue(<ProfileSavedScreen />, { path: '/profile/saved', signedIn: true, shows: 'Kodiaq', fixture });
    await expectAllFromCatalogue(<ProfileDecisionsScreen />, {
      path: '/profile/decisions',
      signedIn: true,
      shows: 'Photos of another car',
      fixture,
      data: decision,
    });
  });
});
