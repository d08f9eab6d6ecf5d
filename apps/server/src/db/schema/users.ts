import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /**
     * The folded form names are unique on (look-alikes fold to one key), kept by a trigger from
     * username (migration 0016); older accounts whose names collided keep a suffixed key.
     */
    usernameKey: text('username_key'),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    isCompanyEmployee: boolean('is_company_employee').notNull().default(false),
    /** The single account that owns company-property vehicles and receives the platform fee. */
    isCompanyAccount: boolean('is_company_account').notNull().default(false),
    /**
     * The language the person reads (issue 24): 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl', set at registration
     * from the request's language and changed by PUT /api/account/language; null (accounts older than
     * the column) reads as English. Notifications are rendered in it.
     */
    language: text('language'),
    /**
     * When the account was deleted (issue 28): the row stays as a tombstone ('Deleted user') with its
     * name, e-mail, phone and password erased, so rentals, reviews and the ledger keep their figures.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A moderator's suspension (issue 28): set while the account is suspended, until `suspendedUntil`
     * (null: until lifted). A suspended user cannot sign in and has no sessions.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    // Usernames and emails are unique case-insensitively: 'Alice' and 'alice' are one person at login.
    // Tombstones of deleted accounts are all named 'Deleted user' (issue 28): out of the name index,
    // their username_key is '#deleted#<id>' (trigger, migration 0027), a key no name folds to.
    uniqueIndex('users_username_lower_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_username_key_uq').on(t.usernameKey),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_single_company_account_uq')
      .on(t.isCompanyAccount)
      .where(sql`${t.isCompanyAccount}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  email: text('email').notNull(),
  interests: text('interests').array().notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-in attempts per account (or per unknown login name), seen by every instance: the
 * account throttle's store when Redis is not configured. A row is gone once its failures are
 * forgotten or the next sign-in succeeds.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_expires_idx').on(t.expiresAt)],
);

/**
 * Signing keys every instance shares, made at random by the first instance that needs one (hex).
 * 'known_device' signs the known-device cookie (modules/account/known-device.ts).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
