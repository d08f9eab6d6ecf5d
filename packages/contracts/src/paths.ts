/**
 * Every HTTP path the server answers, named once for both apps. The server registers a route with a
 * plain path or a template's `pattern` ('/api/rental/rent/:vehicleId'); the web calls a template
 * with its values (`RentalPaths.rent(vehicleId)`), each URI-encoded. The paths are the existing
 * client's, so they are wire contract: change one and old clients break.
 *
 * No zod here: the pages every visitor opens first import this module, not the schemas.
 * Screens no visitor opens first (employees' and account screens: account-data, audit, dashboard,
 * the mail outbox) keep their paths beside their schemas, so that this module, in every first load,
 * does not grow with them; apps/server/src/app.test.ts checks both name every route.
 */

/** The `:name` segments of a route pattern, in order. */
export type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Values<Names extends string[]> = { [K in keyof Names]: string | number };

/** A path with parameters: call it for a URL; `pattern` is the route the server registers. */
export type PathTemplate<Pattern extends string> = ((...values: Values<ParamNames<Pattern>>) => string) & {
  readonly pattern: Pattern;
};

/** Every JSON endpoint's path starts with this (the vehicle details page too: it shares its endpoint's path). */
export const API_PREFIX = '/api/';

function template<const Pattern extends string>(pattern: Pattern): PathTemplate<Pattern> {
  const build = (...values: (string | number)[]) => {
    let next = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[next++])));
  };
  return Object.assign(build, { pattern });
}

export const AccountPaths = {
  register: '/api/account/register',
  login: '/api/account/login',
  logout: '/api/account/logout',
  /** The signed-in user with balances; 401 when signed out. */
  me: '/api/account/me',
  /** Who is signed in, if anyone (never 401): public pages ask this on load. */
  session: '/api/account/session',
  overviewDetails: '/api/account/overview-details',
  profileDetails: '/api/account/user-profile-details',
  updateProfileDetails: '/api/account/update-profile-details',
  updatePassword: '/api/account/update-password',
  /** PUT: the language the signed-in person reads (notifications, e-mails). */
  language: '/api/account/language',
} as const;

/**
 * Password recovery and address verification by e-mail (issue 25). forgot-password and
 * reset-password are public; resend-verification and email-status need a session.
 */
export const AccountRecoveryPaths = {
  forgotPassword: '/api/account/forgot-password',
  resetPassword: '/api/account/reset-password',
  verifyEmail: '/api/account/verify-email',
  resendVerification: '/api/account/resend-verification',
  emailStatus: '/api/account/email-status',
} as const;

/** One-click unsubscribe from a kind of mail (RFC 8058): public, the signed token is the permission. */
export const MailPaths = {
  unsubscribe: '/api/mail/unsubscribe',
  /** Signed in: which kinds of mail the user gets (GET), one switched on or off (PUT). */
  preferences: '/api/mail/preferences',
} as const;

/** The fixed enumerations as [{id, name}]. */
export const BasePaths = {
  fuelTypes: '/api/base/fuel-types',
  valueTypes: '/api/base/value-types',
  units: '/api/base/units',
} as const;

export const CataloguePaths = {
  types: '/api/vehicletype/types',
  createType: '/api/vehicletype/create',
  editType: template('/api/vehicletype/edit/:id'),
  deleteType: template('/api/vehicletype/delete/:id'),
  categories: '/api/vehicletypecategory/all',
  createCategory: '/api/vehicletypecategory/create',
  editCategory: template('/api/vehicletypecategory/edit/:id'),
  deleteCategory: template('/api/vehicletypecategory/delete/:id'),
  properties: '/api/vehicletypeproperty/types/properties',
  createProperty: '/api/vehicletypeproperty/create',
  editProperty: template('/api/vehicletypeproperty/edit/:id'),
  deleteProperty: template('/api/vehicletypeproperty/delete/:id'),
  /** Employees: every type's, category's and property's names in the other languages (issue 24). */
  translations: '/api/catalogue/translations',
} as const;

export const ChatPaths = {
  /** The SignalR hub (negotiate and the transports live under it). */
  hub: '/chat',
  history: template('/api/chat/load-chat-history/:userId'),
  searchUsers: template('/api/chat/search-users/:text'),
  /** The search path without a text: finds nobody (rather than 404). */
  searchUsersEmpty: '/api/chat/search-users',
  recentChats: '/api/chat/recent-chats',
  unreadCount: '/api/chat/unread-count',
  markRead: template('/api/chat/mark-read/:userId'),
} as const;

export const ContactPaths = {
  send: '/api/contact',
} as const;

/** Reports and moderation (issue 28): reporting is for anyone signed in, the rest for employees except the affected person's answer. */
export const ModerationPaths = {
  report: '/api/reports',
  reports: '/api/moderation/reports',
  decide: template('/api/moderation/reports/:id/decision'),
  users: '/api/moderation/users',
  user: template('/api/moderation/users/:id'),
  /** Signed in: the decisions that concern the caller; POST answers one once (a complaint). */
  myDecisions: '/api/moderation/my-decisions',
  complain: template('/api/moderation/decisions/:id/complaint'),
} as const;

export const RentalPaths = {
  bookedDates: template('/api/rental/:vehicleId'),
  rent: template('/api/rental/rent/:vehicleId'),
  myRentals: '/api/rental/my-rentals',
  confirm: template('/api/rental/confirm-rental/:id'),
  cancel: template('/api/rental/cancel-rental/:id'),
  vehicleBookings: template('/api/rental/vehicle/:id'),
} as const;

export const ReviewPaths = {
  add: '/api/vehiclereview/add',
} as const;

export const SearchPaths = {
  all: '/api/vehicle/all',
  recent: '/api/vehicle/recent',
  activeListings: '/api/vehicle/active-listings',
  filter: '/api/vehicle/filter',
  searchVehicles: '/api/vehicle/search-vehicles',
  search: '/api/vehicle/search',
  baseFilterProperties: '/api/vehicle/base-filter-properties',
  propertyValueFilter: template('/api/vehicletypepropertyvalue/filter/:typeId'),
} as const;

/** Search engines' entry points. */
export const SeoPaths = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

/** Liveness, readiness and the OpenAPI browser. */
export const SystemPaths = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
} as const;

/** Hooks the end-to-end suite uses to move time along; registered only with E2E_TEST_HOOKS. */
export const TestHookPaths = {
  shiftRentalPastEnd: template('/api/test/rentals/:id/shift-past-end'),
  autoCompleteRentals: '/api/test/rentals/auto-complete',
} as const;

export const VehiclePaths = {
  /** A vehicle's JSON, and its details page for a browser (the two share the path). */
  detail: template('/api/vehicle/:id'),
  /** GET loads the edit form, PUT saves it. */
  edit: template('/api/vehicle/edit/:id'),
  create: '/api/vehicle/create',
  delete: template('/api/vehicle/delete/:id'),
  userVehicles: '/api/vehicle/user-vehicles',
  /** GET the owner's view of blocked and booked days; PUT the blocked days. */
  blockedDays: template('/api/vehicle/blocked-days/:vehicleId'),
} as const;

/** A signed-in user's saved vehicles ('Saved' in the profile). */
export const FavouritePaths = {
  list: '/api/favourites',
  /** PUT saves, DELETE forgets (both idempotent). */
  one: template('/api/favourites/:vehicleId'),
  /** Public: the cards of listed vehicles by id ('Recently viewed' on home); removed ones are left out. */
  cards: '/api/vehicle/cards',
} as const;

/** Where a vehicle stands (issue 26): its exact pick-up place, and the offline place suggestions. */
export const LocationPaths = {
  /** GET and PUT: the owner, or an employee for a company vehicle. */
  vehicle: template('/api/vehicle/location/:id'),
  /** Public: `?q=` cities and postcodes, at most 10. */
  places: '/api/geo/places',
} as const;

/** Booking rules (issue 27): a vehicle's rules, the price quote, requests' answers and the cancel preview. */
export const BookingRulePaths = {
  /** GET and PUT: the owner, or an employee for a company vehicle. */
  rules: template('/api/vehicle/booking-rules/:id'),
  quote: template('/api/rental/quote/:vehicleId'),
  cancelPreview: template('/api/rental/cancel-preview/:id'),
  accept: template('/api/rental/accept/:id'),
  decline: template('/api/rental/decline/:id'),
  /** The owner (or an employee for a company vehicle) cancels an accepted booking: the renter gets everything back. */
  ownerCancel: template('/api/rental/owner-cancel/:id'),
  /** The owner rates the renter of a completed rental (double-blind with the renter's review). */
  renterReview: template('/api/rental/renter-review/:id'),
  /** Public: the vehicle's booking rules and its owner's cancellations of the last 12 months (the vehicle page). */
  bookingTerms: template('/api/rental/booking-terms/:vehicleId'),
} as const;

export const NotificationPaths = {
  list: '/api/notifications',
  markRead: '/api/notifications/read',
} as const;

export const WalletPaths = {
  addFunds: '/api/wallet/add-funds',
  withdraw: '/api/wallet/withdraw',
  refundToCard: '/api/wallet/refund-to-card',
  history: '/api/wallettransaction/history',
} as const;
