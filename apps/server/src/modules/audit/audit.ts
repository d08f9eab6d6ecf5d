/**
 * The audit trail (issue 28, ADR 021) — what other modules import.
 *
 *   import { recordAudit, auditContext } from '../audit/audit';
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
 * - Employees read it through GET /api/moderation/audit (audit.routes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/index';

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
  | `moderation.${string}`;

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

export function auditContext(request: Pick<FastifyRequest, 'ip' | 'user'>): AuditContext {
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
