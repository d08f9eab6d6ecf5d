import type { AuditEvent, AuditPage, AuditQuery } from '@rentdrive/contracts/audit';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';
import { DELETED_USER_NAME } from './deleted-user';

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
