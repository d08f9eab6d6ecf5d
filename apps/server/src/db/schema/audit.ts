import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 28, ADR 028): who did what, on what, when, from which address and why —
 * employee actions and security events, each written in the same transaction as the action by
 * modules/audit's recordAudit. Append-only: a trigger (migration 0024) refuses UPDATE, DELETE and
 * TRUNCATE, so the application's own database user cannot edit or erase it. No foreign key to users
 * on purpose: a deleted account's tombstone keeps its id, and nothing may cascade into this table.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The user who acted; null for an anonymous request or the system (a job). */
    actorId: uuid('actor_id'),
    /** 'auth.sign-in', 'catalogue.type.update', 'moderation.hide-listing', ... (modules/audit lists them). */
    action: text('action').notNull(),
    /** What it was done to: 'user', 'vehicle', 'vehicle-type', 'report', ...; null when nothing in particular. */
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The request's client address (after the trusted proxies); null for the system. */
    ip: text('ip'),
    /** The reason given (a moderation decision's written reason); null when none is asked for. */
    reason: text('reason'),
    /** A few facts about the action (small: names, counts, before/after of one field). Never secrets. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.occurredAt),
  ],
);

/**
 * The names of deleted accounts, kept from new accounts until `reservedUntil` (30 days after the
 * deletion, issue 28): nobody can pose as the person just gone. Keyed on the folded name
 * (username_key(), migration 0016), so look-alikes are reserved too.
 */
export const reservedUsernames = pgTable('reserved_usernames', {
  usernameKey: text('username_key').primaryKey(),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
});
