/**
 * The audit trail (issue 28, ADR 028) — what other modules import.
 *
 *   import { recordAudit, auditContext } from '../audit/audit.service';
 *
 *   await transact(db, async (tx) => {
 *     ...the action itself, written with tx...
 *     await recordAudit(tx, {
 *       ...auditContext(request),          // or { actorId, ip } the route passed down; both optional
 *       action: 'moderation.hide-listing', // see AuditAction below; a new action: add it there
 *       target: { type: 'vehicle', id: vehicleId },
 *       reason: 'Listed a stolen car.',     // the decision's written reason, when there is one
 *       details: { reportId },             // small facts, JSON; never a password, token or message text
 *     });
 *   });
 *
 * - `recordAudit(tx, event)` inserts one row into audit_events with `tx` — a transaction (so the
 *   event commits or rolls back with the action) or, for an action that is not one transaction
 *   (a sign-in), the database client. It returns the event's id.
 * - `actorId`: the user who acted (null/undefined: anonymous or the system). `ip`: the client address
 *   (`request.ip`, after the trusted proxies). `occurredAt` defaults to the database's now(); pass the
 *   service's clock time (`clock.now()`) so tests with a manual clock see their own times.
 * - The table is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE from any role the
 *   application uses. Nothing may cascade into it (no foreign keys): ids stay as they were.
 * - Employees read it through GET /api/moderation/audit (createAuditService below, audit.routes.ts).
 * - DELETED_USER_NAME: how a deleted account (a tombstone) is named wherever its name appears.
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditPage, AuditQuery } from '@rentdrive/contracts/audit';
import type { Db, DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';

/** The actions written today; engineers adding an audited action add its name here. */
export type AuditAction =
  // security events
  | 'auth.sign-in'
  | 'auth.sign-in-locked'
  | 'auth.password-change'
  | 'auth.password-reset'
  | 'auth.email-change'
  | 'account.export'
  | 'account.delete'
  // employee catalogue changes
  | 'catalogue.type.create'
  | 'catalogue.type.update'
  | 'catalogue.type.delete'
  | 'catalogue.category.create'
  | 'catalogue.category.update'
  | 'catalogue.category.delete'
  | 'catalogue.property.create'
  | 'catalogue.property.update'
  | 'catalogue.property.delete'
  // moderation (issue 28, modules/moderation)
  | `moderation.${string}`
  // damage claims (issue 27, modules/claims): claim.open, claim.decide
  | `claim.${string}`;

export interface AuditEventInput {
  actorId?: string | null | undefined;
  ip?: string | null | undefined;
  action: AuditAction;
  target?: { type: string; id: string | number } | null | undefined;
  reason?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
  occurredAt?: Date | undefined;
}

/** Who acts and from where, as a route knows it: `{ actorId, ip }` to spread into an event. */
export interface AuditContext {
  actorId: string | null;
  ip: string | null;
}

/** From a request: `auditContext(request)` (its signed-in user and client address). */
export function auditContext(request: { ip?: string; user?: { id: string } | null }): AuditContext {
  return { actorId: request.user?.id ?? null, ip: request.ip ?? null };
}

/** A details object kept small: at most 4 KB of JSON (longer strings are cut, the rest dropped). */
const MAX_DETAILS_CHARS = 4_096;
function boundedDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {};
  if (JSON.stringify(details).length <= MAX_DETAILS_CHARS) return details;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    kept[key] = typeof value === 'string' ? value.slice(0, 200) : value;
    if (JSON.stringify(kept).length > MAX_DETAILS_CHARS) {
      delete kept[key];
      kept.truncated = true;
      break;
    }
  }
  return kept;
}

/** Writes one audit event with `tx` (see the top of this file); answers its id. */
export async function recordAudit(tx: DbOrTx, event: AuditEventInput): Promise<number> {
  const [row] = await tx
    .insert(auditEvents)
    .values({
      actorId: event.actorId ?? null,
      action: event.action,
      targetType: event.target?.type ?? null,
      targetId: event.target ? String(event.target.id) : null,
      ip: event.ip ?? null,
      reason: event.reason ?? null,
      details: boundedDetails(event.details),
      ...(event.occurredAt && { occurredAt: event.occurredAt }),
    })
    .returning({ id: auditEvents.id });
  return row!.id;
}

/** How a deleted account (a tombstone, issue 28) is named wherever its name used to appear. */
export const DELETED_USER_NAME = 'Deleted user';

/** A date alone ('2026-06-01') as `to` means up to the end of that day (UTC). */
function upperBound(to: string): Date {
  const date = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(date.getTime() + 86_400_000) : date;
}

/** Reading the audit trail (employees): newest first, keyset pages by id. */
export function createAuditService({ db }: { db: Db }) {
  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const where: SQL[] = [];
      if (query.actor) where.push(eq(auditEvents.actorId, query.actor.toLowerCase()));
      if (query.target) where.push(eq(auditEvents.targetId, query.target));
      if (query.targetType) where.push(eq(auditEvents.targetType, query.targetType));
      if (query.from) where.push(gte(auditEvents.occurredAt, new Date(query.from)));
      if (query.to) where.push(lt(auditEvents.occurredAt, upperBound(query.to)));
      if (query.cursor) where.push(lt(auditEvents.id, query.cursor));
      const rows = await db
        .select({ event: auditEvents, username: users.username, deletedAt: users.deletedAt })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(and(...where))
        .orderBy(desc(auditEvents.id))
        .limit(query.pageSize + 1);
      const page = rows.slice(0, query.pageSize);
      const items: AuditEvent[] = page.map(({ event, username, deletedAt }) => ({
        id: event.id,
        occurredAt: event.occurredAt.toISOString(),
        actor: event.actorId ? { id: event.actorId, username: deletedAt ? DELETED_USER_NAME : (username ?? DELETED_USER_NAME) } : null,
        action: event.action,
        targetType: event.targetType,
        targetId: event.targetId,
        ip: event.ip,
        reason: event.reason,
        details: (event.details ?? {}) as Record<string, unknown>,
      }));
      const last = items.at(-1);
      return { items, nextCursor: rows.length > query.pageSize && last ? last.id : null };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
