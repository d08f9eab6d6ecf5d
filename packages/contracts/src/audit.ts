import { z } from 'zod';
import { endpoint } from './endpoint';

/** The audit trail (issue 28): employees only, newest first, filtered by actor, target and time. */
export const AuditPaths = {
  list: '/api/moderation/audit',
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

const isoDateTime = (label: string) =>
  z
    .string()
    .max(40)
    .refine(
      (value) => !Number.isNaN(Date.parse(value)),
      `${label} must be a date or a date and time (ISO 8601), e.g. 2026-06-01 or 2026-06-01T10:00:00Z.`,
    );

export const AuditQuerySchema = z.object({
  /** The acting user's id. */
  actor: z.string().uuid('Actor must be a user id.').optional(),
  /** The target's id (a user's, a vehicle's, a report's...), optionally with its type. */
  target: z.string().trim().min(1, 'Target must not be empty.').max(100, 'Target must be at most 100 characters.').optional(),
  targetType: z
    .string()
    .regex(/^[a-z][a-z-]{0,39}$/, 'Target type is a lower-case word such as user or vehicle.')
    .optional(),
  /** Events at or after this instant. */
  from: isoDateTime('From').optional(),
  /** Events before this instant (a date alone: up to the end of that day, UTC). */
  to: isoDateTime('To').optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int('Cursor must be a whole number.').min(1, 'Cursor must be at least 1.').optional(),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(AUDIT_MAX_PAGE_SIZE, `Page size must be at most ${AUDIT_MAX_PAGE_SIZE}.`)
    .default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  /** Null: an anonymous request or the system. A deleted account's name reads 'Deleted user'. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** 'auth.sign-in', 'catalogue.type.create', 'account.delete', 'moderation.hide-listing', ... */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const Audit = {
  list: endpoint('GET', AuditPaths.list, { query: AuditQuerySchema, response: { 200: AuditPageSchema } }),
};
