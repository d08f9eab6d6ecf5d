import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ChatRoute from '../app/routes/chat';
import ForgotPasswordScreen from '../app/routes/forgot-password';
import InfoPage from '../app/routes/info-page';
import ManageAuditScreen from '../app/routes/manage-audit';
import ManageClaimsScreen from '../app/routes/manage-claims';
import ManageDashboardScreen from '../app/routes/manage-dashboard';
import ManageMailScreen from '../app/routes/manage-mail';
import ManageModerationScreen from '../app/routes/manage-moderation';
import ManageUsersScreen from '../app/routes/manage-users';
import ManageCategoriesScreen from '../app/routes/manage-vehicle-type-categories';
import ManagePropertiesScreen from '../app/routes/manage-vehicle-type-properties';
import ProfileDashboardScreen from '../app/routes/profile-dashboard';
import ProfileDecisionsScreen from '../app/routes/profile-decisions';
import ProfileSavedScreen from '../app/routes/profile-saved';
import ResetPasswordScreen from '../app/routes/reset-password';
import UnsubscribeScreen from '../app/routes/unsubscribe';
import VehicleCreateScreen from '../app/routes/vehicle-create';
import VehicleEditScreen from '../app/routes/vehicle-edit';
import VerifyEmailScreen from '../app/routes/verify-email';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useLiveHub } from '../lib/live-hub';
import { PRODUCT_NAME } from '../lib/product';
import { fakeHub } from '../test/fake-signalr';
import { jsonResponse } from '../test/fetch-stub';
import {
  card,
  detail,
  expectAllFromCatalogue,
  installPseudoCatalogues,
  OWNER_ID,
  RENTAL_ID,
  USER_ID,
  VEHICLE_ID,
} from './pseudo-locale-check';

/**
 * Issue 24, the screens beyond the main ones (pseudo-locale.test.tsx): each renders in the pseudo-locale
 * with its own endpoints' fixtures (shaped by packages/contracts, which callApi checks answers against),
 * and no visible text or accessible name may be plain English.
 */
// The chat's live connection (lib/live-hub) on the test's fake SignalR client, as chat-screen.test.tsx does.
vi.mock('@microsoft/signalr', async () => (await import('../test/fake-signalr')).fakeSignalRModule);
// jsdom draws no map (WebGL, the base map's tiles): the vehicle form's pin map is left out; its texts are the place section's.
vi.mock('../features/vehicles/components/place-pin-map', () => ({ PlacePinMap: () => null }));

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
    await expectAllFromCatalogue(<ProfileSavedScreen />, { path: '/profile/saved', signedIn: true, shows: 'Kodiaq', fixture, data: place });
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

const BOB = '00000000-0000-4000-8000-000000000002';
const chatMessage = {
  id: '00000000-0000-4000-8000-000000000101',
  senderId: BOB,
  receiverId: USER_ID,
  text: 'Is the car free next weekend?',
  timeSent: '2026-11-26T09:00:00.000Z',
};

/** The app layout's part: the tab's live connection for the signed-in user. */
function LiveHub({ children }: { children: ReactNode }) {
  useLiveHub(USER_ID);
  return children;
}

/** jsdom lays nothing out: the charts' container is told its width, as a browser's ResizeObserver would. */
function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width: 800, height: 256, top: 0, left: 0 } } as unknown as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

const ownerDashboard = {
  from: '2025-12-01',
  to: '2026-11-27',
  today: '2026-11-27',
  months: [{ month: '2026-11', vehicles: [{ vehicleId: VEHICLE_ID, earnedCents: 17900, pendingCents: 8950, daysBooked: 3 }] }],
  totals: { earnedCents: 17900, pendingCents: 8950, daysBooked: 3 },
  previous: { from: '2024-12-01', to: '2025-11-30', earnedCents: 8950, pendingCents: 0, daysBooked: 1 },
  vehicles: [
    {
      id: VEHICLE_ID,
      name: 'Skoda Kodiaq',
      occupancy: { last30: 0.1, last90: 0.05, last365: 0.02, next30: 0.2 },
      strip: 'bbbffxff'.padEnd(60, 'f'),
      ratings: [{ month: '2026-11', average: 4.5, count: 2 }],
    },
  ],
  cancellations: {
    bookings: 4,
    cancelled: 1,
    byRenter: 1,
    byOwner: 0,
    bySystem: 0,
    rate: 0.25,
    ownerRate: 0,
    refundedCents: 8950,
    declined: 1,
    expired: 0,
  },
  upcoming: [
    { kind: 'pickup', date: '2026-12-01', rentalId: RENTAL_ID, vehicleId: VEHICLE_ID, vehicleName: 'Skoda Kodiaq', renterName: 'marta' },
  ],
};
const figures = { bookings: 4, grossCents: 35800, takeCents: 3580, cancellations: 1, refundsCents: 8950, newUsers: 3, newListings: 2 };
const marketplaceDashboard = {
  from: '2025-12-01',
  to: '2026-11-27',
  type: null,
  granularity: 'month',
  series: [{ ...figures, period: '2026-11' }],
  totals: { ...figures, activeListings: 12, walletHeldCents: 123400 },
  byType: [{ typeId: 1, name: 'Car', bookings: 4, grossCents: 35800, takeCents: 3580 }],
  types: [{ id: 1, name: 'Car' }],
  searchDemand: {
    top: [{ term: 'tow bar', kind: 'word', searches: 9 }],
    unmet: [{ term: 'Utrecht', kind: 'place', searches: 4, fewResults: 4 }],
  },
};

describe('pseudo-locale: chat and the dashboards', () => {
  it('chat, with a recent conversation open', async () => {
    fakeHub.reset();
    // The hub says who is online (WatchPresence); nothing else is sent here.
    fakeHub.answer = (method, args) =>
      Promise.resolve(method === 'WatchPresence' ? (args[0] as string[]).map((userId) => ({ userId, online: userId === BOB })) : null);
    const fixture = (path: string) => {
      if (path === '/api/chat/recent-chats') return jsonResponse([{ userId: BOB, username: 'bob', online: true, unreadCount: 0 }]);
      if (path === '/api/chat/unread-count') return jsonResponse({ count: 0 });
      if (path === `/api/chat/load-chat-history/${BOB}`) return jsonResponse([chatMessage]);
      if (path.startsWith('/api/chat/mark-read/')) return jsonResponse({ count: 0 });
      return undefined;
    };
    await expectAllFromCatalogue(
      <LiveHub>
        <ChatRoute />
      </LiveHub>,
      { path: '/chat', url: `/chat?user=${BOB}`, signedIn: true, shows: chatMessage.text, fixture, data: ['bob', chatMessage.text] },
    );
    expect(fakeHub.open()).toHaveLength(1);
  });

  it('owner dashboard and marketplace figures', async () => {
    stubResizeObserver();
    const fixture = (path: string) => {
      if (path === '/api/dashboard/owner') return jsonResponse(ownerDashboard);
      if (path === '/api/dashboard/marketplace') return jsonResponse(marketplaceDashboard);
      return undefined;
    };
    await expectAllFromCatalogue(<ProfileDashboardScreen />, {
      path: '/profile/dashboard',
      signedIn: true,
      shows: 'Skoda Kodiaq',
      fixture,
      data: ['Skoda Kodiaq', 'marta'],
    });
    await expectAllFromCatalogue(<ManageDashboardScreen />, {
      path: '/manage/dashboard',
      signedIn: true,
      shows: 'Utrecht',
      fixture,
      data: ['tow bar', 'Utrecht'],
    });
  });
});

/** The edit screen's load: the details with the ids and every property of the type with the vehicle's value. */
const editLoad = {
  ...detail,
  vehicleTypeId: 1,
  vehicleTypeCategoryId: 3,
  imageURLs: detail.imageURLS,
  images: [{ id: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', url: 'images/vehicles/a.webp', thumbUrl: 'images/vehicles/a-thumb.webp' }],
  vehicleTypePropertyValues: [
    {
      propertyId: property.id,
      vehicleTypePropertyName: 'Seats',
      vehicleTypePropertyValue: '7',
      valueType: 'Int',
      unitOfMeasurement: 'None',
    },
  ],
};
const bookingRules = {
  bookingMode: 'instant',
  cancellationPolicy: 'flexible',
  weeklyDiscountPercent: 10,
  monthlyDiscountPercent: 20,
  minDays: 1,
  maxDays: 30,
  advanceNoticeDays: 1,
  deposit: 300,
};
const place = { address: 'Stationsplein 1', postcode: '3511 ED', city: 'Utrecht', country: 'NL', lat: 52.09, lng: 5.11 };

describe('pseudo-locale: the vehicle form', () => {
  it('new vehicle and edit vehicle', async () => {
    const fixture = (path: string) => {
      if (path === '/api/vehicletypeproperty/types/properties') return jsonResponse([property]);
      if (path === `/api/vehicle/edit/${VEHICLE_ID}`) return jsonResponse(editLoad);
      if (path === `/api/vehicle/location/${VEHICLE_ID}`) return jsonResponse(place);
      if (path === `/api/vehicle/booking-rules/${VEHICLE_ID}`) return jsonResponse(bookingRules);
      return undefined;
    };
    await expectAllFromCatalogue(<VehicleCreateScreen />, { path: '/vehicle/create', signedIn: true, fixture });
    await expectAllFromCatalogue(<VehicleEditScreen />, {
      path: '/vehicle/edit/:id',
      url: `/vehicle/edit/${VEHICLE_ID}`,
      signedIn: true,
      showsValue: 'Kodiaq',
      fixture,
      data: place,
    });
  });
});

/** The server writes a notification's sentence in the reader's language: data here. */
const notification = {
  id: '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
  type: 'booking-received',
  text: 'lena booked your Skoda Kodiaq for 1-3 Dec 2026.',
  link: `/profile/rentals`,
  createdOn: '2026-11-26T09:00:00.000Z',
  read: false,
};

describe('pseudo-locale: notifications (the header’s bell, no screen of its own)', () => {
  it('the bell’s list, opened', async () => {
    const fixture = (path: string) => {
      if (path === '/api/notifications') return jsonResponse({ items: [notification], unreadCount: 1, hasMore: false });
      if (path === '/api/notifications/read') return jsonResponse({ unreadCount: 0 });
      return undefined;
    };
    await expectAllFromCatalogue(<NotificationBell userId={USER_ID} />, {
      signedIn: true,
      fixture,
      data: notification.text,
      then: async () => {
        await userEvent.click(screen.getByRole('button'));
        await screen.findByText(notification.text);
      },
    });
  });
});
