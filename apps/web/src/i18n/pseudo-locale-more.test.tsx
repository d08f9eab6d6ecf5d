import { afterEach, beforeAll, describe, it, vi } from 'vitest';
import ForgotPasswordScreen from '../app/routes/forgot-password';
import InfoPage from '../app/routes/info-page';
import ManageAuditScreen from '../app/routes/manage-audit';
import ManageClaimsScreen from '../app/routes/manage-claims';
import ManageMailScreen from '../app/routes/manage-mail';
import ManageModerationScreen from '../app/routes/manage-moderation';
import ManageUsersScreen from '../app/routes/manage-users';
import ManageCategoriesScreen from '../app/routes/manage-vehicle-type-categories';
import ManagePropertiesScreen from '../app/routes/manage-vehicle-type-properties';
import ProfileDecisionsScreen from '../app/routes/profile-decisions';
import ProfileSavedScreen from '../app/routes/profile-saved';
import ResetPasswordScreen from '../app/routes/reset-password';
import UnsubscribeScreen from '../app/routes/unsubscribe';
import VerifyEmailScreen from '../app/routes/verify-email';
import { PRODUCT_NAME } from '../lib/product';
import { jsonResponse } from '../test/fetch-stub';
import {
  card,
  expectAllFromCatalogue,
  installPseudoCatalogues,
  OWNER_ID,
  property,
  RENTAL_ID,
  USER_ID,
  VEHICLE_ID,
} from './pseudo-locale-check';

/**
 * Issue 24, the screens beyond the main ones (pseudo-locale.test.tsx; chat, dashboards, the vehicle form
 * and the notification bell: pseudo-locale-live.test.tsx): each renders in the pseudo-locale
 * with its own endpoints' fixtures (shaped by packages/contracts, which callApi checks answers against),
 * and no visible text or accessible name may be plain English.
 */
beforeAll(installPseudoCatalogues);
afterEach(() => vi.unstubAllGlobals());

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

  it('about us and privacy policy', async () => {
    await expectAllFromCatalogue(<InfoPage />, { path: '/about', shows: PRODUCT_NAME });
    await expectAllFromCatalogue(<InfoPage />, { path: '/privacy', shows: PRODUCT_NAME });
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

const REPORT_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
/** What people wrote (report details, reasons, descriptions) and names are data; enum codes ('fraud') are not. */
const reportGroup = {
  targetType: 'vehicle',
  targetId: VEHICLE_ID,
  count: 1,
  oldestAt: '2026-11-19T08:00:00.000Z',
  target: {
    type: 'vehicle',
    id: VEHICLE_ID,
    exists: true,
    title: 'Skoda Kodiaq',
    description: 'Roomy family car with a tow bar',
    imageURL: null,
    pricePerDayCents: 8950,
    ownerId: OWNER_ID,
    ownerName: 'jonas',
    hiddenReason: null,
  },
  reports: [
    {
      id: REPORT_ID,
      kind: 'report',
      reason: 'fraud',
      details: 'Asks to pay outside the site',
      reporterId: USER_ID,
      reporterName: 'marta',
      createdAt: '2026-11-19T08:00:00.000Z',
      decidedAt: null,
    },
  ],
  history: [decision],
};
const reportData = ['Skoda Kodiaq', 'Asks to pay outside the site'];
const userRow = {
  id: OWNER_ID,
  username: 'jonas',
  email: 'jonas@example.com',
  memberSince: '2025-03-01T10:00:00.000Z',
  isCompanyEmployee: false,
  isSuspended: false,
  suspendedUntil: null,
};
const auditEvent = {
  id: 41,
  occurredAt: '2026-11-20T09:00:00.000Z',
  actor: { id: USER_ID, username: 'ines' },
  action: 'moderation.hide-listing',
  targetType: 'vehicle',
  targetId: VEHICLE_ID,
  ip: '203.0.113.7',
  reason: 'Photos of another car',
  details: {},
};
const outboxEntry = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  kind: 'booking-confirmed',
  toAddress: 'lena@example.com',
  subject: 'Your booking is confirmed',
  status: 'failed',
  attempts: 3,
  lastError: '421 Service not available',
  createdAt: '2026-11-20T09:00:00.000Z',
};
const outboxData = ['lena@example.com', 'Your booking is confirmed', '421 Service not available'];
const claim = {
  id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
  rentalId: RENTAL_ID,
  vehicleId: VEHICLE_ID,
  vehicle: 'Skoda Kodiaq',
  ownerName: 'jonas',
  renterName: 'marta',
  startDate: '2026-10-01',
  endDate: '2026-10-03',
  deposit: 300,
  amount: 120,
  description: 'Scratched rear bumper',
  photos: [],
  openedAt: '2026-10-04T09:00:00.000Z',
  answer: 'It was there before',
  answerPhotos: [],
  answeredAt: '2026-10-05T09:00:00.000Z',
  status: 'open',
  ownerPaid: null,
  renterRefund: null,
  decisionReason: null,
  decidedAt: null,
};
const claimData = ['Skoda Kodiaq', 'Scratched rear bumper', 'It was there before'];

describe('pseudo-locale: the employees’ trust and operations screens', () => {
  it('moderation queue and users', async () => {
    const fixture = (path: string) => {
      if (path === '/api/moderation/reports') return jsonResponse({ groups: [reportGroup] });
      if (path === '/api/moderation/users') return jsonResponse([userRow]);
      return undefined;
    };
    await expectAllFromCatalogue(<ManageModerationScreen />, {
      path: '/manage/moderation',
      signedIn: true,
      shows: 'Asks to pay outside the site',
      fixture,
      data: [reportData, decision.reason, decision.employeeName],
    });
    await expectAllFromCatalogue(<ManageUsersScreen />, {
      path: '/manage/users',
      signedIn: true,
      shows: 'jonas@example.com',
      fixture,
      data: userRow.email,
    });
  });

  it('audit trail', async () => {
    const fixture = (path: string) =>
      path === '/api/moderation/audit' ? jsonResponse({ items: [auditEvent], nextCursor: null }) : undefined;
    await expectAllFromCatalogue(<ManageAuditScreen />, {
      path: '/manage/audit',
      signedIn: true,
      shows: 'Photos of another car',
      fixture,
      // The action and target type are the log's codes (shown as code; the filter takes them as typed), not prose.
      data: [auditEvent.reason, auditEvent.actor.username, auditEvent.ip, auditEvent.action, auditEvent.targetType],
    });
  });

  it('undelivered e-mail and claims', async () => {
    const fixture = (path: string) => {
      if (path === '/api/mail/outbox') return jsonResponse({ items: [outboxEntry] });
      if (path === '/api/claims') return jsonResponse([claim]);
      if (path === '/api/claims/company-rentals') return jsonResponse([]);
      return undefined;
    };
    await expectAllFromCatalogue(<ManageMailScreen />, {
      path: '/manage/mail',
      signedIn: true,
      shows: 'lena@example.com',
      fixture,
      data: outboxData,
    });
    await expectAllFromCatalogue(<ManageClaimsScreen />, {
      path: '/manage/claims',
      signedIn: true,
      shows: 'Scratched rear bumper',
      fixture,
      data: claimData,
    });
  });
});
