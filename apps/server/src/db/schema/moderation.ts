import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ModerationAction, ReportTargetType } from '@rentdrive/contracts/moderation';
import { users } from './users';

/**
 * What people flag (issue 28, DSA art. 16) and what the affected person answers to a decision (a
 * complaint, art. 20): both wait in the moderation queue until an employee decides. `targetId` is a
 * vehicle's, a user's or a chat message's id (no foreign key: a report outlives its target).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    /** 'vehicle' | 'user' | 'message'. */
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** 'report' (someone flagged the target) | 'complaint' (the affected person answered a decision). */
    kind: text('kind').$type<'report' | 'complaint'>().notNull().default('report'),
    /** One of REPORT_REASONS; 'complaint' for a complaint. */
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    /** For a complaint: the decision it answers. */
    complaintOf: uuid('complaint_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when an employee decided it; open while null. */
    decisionId: uuid('decision_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('reports_target_type_ck', sql`${t.targetType} in ('vehicle', 'user', 'message')`),
    check('reports_details_ck', sql`length(${t.details}) <= 2000`),
    // One open report per reporter and target; a complaint is one per decision.
    uniqueIndex('reports_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.decidedAt} is null and ${t.kind} = 'report'`),
    uniqueIndex('reports_complaint_uq')
      .on(t.complaintOf)
      .where(sql`${t.kind} = 'complaint'`),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.decidedAt} is null`),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Every moderation decision with its written reason (DSA art. 17: a statement of reasons). */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id),
    /** 'dismiss' | 'hide-listing' | 'restore-listing' | 'suspend-user' | 'lift-suspension'. */
    action: text('action').$type<ModerationAction>().notNull(),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** Whom the decision concerns (the listing's owner, the suspended user); null for a dismissal of a message's report with no author left. */
    affectedUserId: uuid('affected_user_id').references(() => users.id),
    reason: text('reason').notNull(),
    /** suspend-user: until when (null: until lifted). */
    until: timestamp('until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('moderation_decisions_reason_ck', sql`length(${t.reason}) between 1 and 2000`),
    index('moderation_decisions_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('moderation_decisions_affected_idx').on(t.affectedUserId, t.createdAt),
  ],
);
