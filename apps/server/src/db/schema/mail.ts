import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OutboxEntry } from '@rentdrive/contracts/mail';
import { users } from './users';

type OutboxStatus = OutboxEntry['status'];

/**
 * Every e-mail the product writes (issue 25, ADR 020): a row written in the same transaction as the
 * event it is about, so a rolled-back event sends nothing. With SMTP configured a pg-boss job (queued
 * in that transaction too) delivers it and records the outcome here; without, it is only kept, for
 * the development mailbox.
 */
/** The outbox row's data: the template's own values and what every message needs. */
export interface StoredMailData {
  /** The greeting's name. */
  username: string;
  /** The origin of the message's links (PUBLIC_URL, or the site the request came to in development). */
  origin: string;
  /** The values the kind's template reads (JSON: numbers, strings, ISO dates). */
  values: Record<string, unknown>;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about: 'password-reset', 'password-changed', 'verify-email', ... */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    locale: text('locale').notNull(),
    /**
     * What the message is about, as data (ADR 020): the event's transaction writes only this; the
     * worker renders subject, HTML and text from it at delivery, in the row's language. Null once
     * its user was deleted.
     */
    data: jsonb('data').$type<StoredMailData>(),
    /** Rendered at delivery (or when the development mailbox shows the message); null until then. */
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    /** 'kept' (no SMTP: development mailbox only), 'queued', 'sent', 'failed' (after the last try). */
    status: text('status').$type<OutboxStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The one-click unsubscribe URL (List-Unsubscribe, RFC 8058) of mail that is not about security. */
    listUnsubscribe: text('list_unsubscribe'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_status_idx').on(t.status)],
);

/**
 * One-use tokens sent by mail: a password reset (valid 1 h) or an address to verify (48 h). Only the
 * SHA-256 of the 32 random bytes is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset-password' | 'verify-email'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address a verification token was sent to (the account's address may change meanwhile). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_hash_uq').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Addresses their owners proved they read: a user is verified while their current address is listed. */
export const verifiedEmails = pgTable(
  'verified_emails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verified_emails_user_email_uq').on(t.userId, sql`lower(${t.email})`)],
);

/**
 * The kinds of mail a user switched off (one-click unsubscribe, RFC 8058): `compose` writes no mail
 * of a listed kind to that user. Security mail is never listed.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
