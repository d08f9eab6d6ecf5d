// The schema in one object, for Drizzle's typed client and drizzle-kit.
export * from './users';
export * from './ledger';
export * from './catalogue';
export * from './vehicles';
export * from './rentals';
export * from './chat';
export * from './notifications';
export * from './favourites';
export * from './mail';
export * from './audit';
export * from './moderation';
export * from './locations';
export * from './dashboard';
export * from './claims';
export * from './marketplace-daily';
export * from './owner-monthly';
