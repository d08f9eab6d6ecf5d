/**
 * Every HTTP path the server answers, named once for both apps. The server registers a route with a
 * plain path or a template's `pattern` ('/api/rental/rent/:vehicleId'); the web calls a template
 * with its values (`RentalPaths.rent(vehicleId)`), each URI-encoded. The paths are the existing
 * client's, so they are wire contract: change one and old clients break.
 *
 * One file per area under `paths/`, and this module re-exports them all for the server and the
 * tests. The web imports the area it needs (`@rentdrive/contracts/paths/account`), never this
 * module: a bundle keeps every paths object some screen uses in whatever chunk holds the module, so
 * one module of all paths put every screen's paths into every page's first load (1.1 KB gzip).
 * No zod here either: the pages every visitor opens first import these files, not the schemas.
 * Screens no visitor opens first (employees' and account screens: account-data, audit, dashboard,
 * the mail outbox) keep their paths beside their schemas; apps/server/src/app.test.ts checks both
 * name every route.
 */
export * from './paths/template';
export * from './paths/account';
export * from './paths/account-recovery';
export * from './paths/account-session';
export * from './paths/base';
export * from './paths/booking-rules';
export * from './paths/catalogue';
export * from './paths/catalogue-read';
export * from './paths/chat';
export * from './paths/contact';
export * from './paths/favourites';
export * from './paths/location';
export * from './paths/mail';
export * from './paths/moderation';
export * from './paths/notifications';
export * from './paths/rentals';
export * from './paths/reviews';
export * from './paths/search';
export * from './paths/system';
export * from './paths/test-hooks';
export * from './paths/vehicle-detail';
export * from './paths/vehicles';
export * from './paths/wallet';
