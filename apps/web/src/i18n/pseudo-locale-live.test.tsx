import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ChatRoute from '../app/routes/chat';
import ManageDashboardScreen from '../app/routes/manage-dashboard';
import ProfileDashboardScreen from '../app/routes/profile-dashboard';
import VehicleCreateScreen from '../app/routes/vehicle-create';
import VehicleEditScreen from '../app/routes/vehicle-edit';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useLiveHub } from '../lib/live-hub';
import { fakeHub } from '../test/fake-signalr';
import { jsonResponse } from '../test/fetch-stub';
import { detail, expectAllFromCatalogue, installPseudoCatalogues, property, RENTAL_ID, USER_ID, VEHICLE_ID } from './pseudo-locale-check';

/**
 * Issue 24, the screens with a live connection, charts, a map or a panel to open (the others:
 * pseudo-locale.test.tsx and pseudo-locale-more.test.tsx): chat, the dashboards, the vehicle form and
 * the notification bell, in the pseudo-locale with their endpoints' fixtures; no text may be plain English.
 */
// The chat's live connection (lib/live-hub) on the test's fake SignalR client, as chat-screen.test.tsx does.
vi.mock('@microsoft/signalr', async () => (await import('../test/fake-signalr')).fakeSignalRModule);
// jsdom draws no map (WebGL, the base map's tiles): the vehicle form's pin map is left out; its texts are the place section's.
vi.mock('../features/vehicles/components/place-pin-map', () => ({ PlacePinMap: () => null }));

beforeAll(installPseudoCatalogues);
afterEach(() => vi.unstubAllGlobals());

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
