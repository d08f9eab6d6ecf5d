import type { Decision, Report, ReportTarget, ReportTargetType } from '@rentdrive/contracts/moderation';
import type { Db } from '../../db/client';
import type { DecisionRow, ModerationRepository, ReportRow } from './moderation.repository';

/** The wire shapes of decisions, reports and reported targets (issue 28). */
export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Suspended now: a suspension that has not ended (no end: until lifted). */
export function isSuspendedAt(user: { suspendedAt: Date | null; suspendedUntil: Date | null }, now: Date): boolean {
  return user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil.getTime() > now.getTime());
}

export function toDecision(row: DecisionRow): Decision {
  return {
    id: row.id,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    until: iso(row.until),
    employeeName: row.employeeName,
    createdAt: row.createdAt.toISOString(),
    answered: row.answered,
  };
}

export function toReport(row: { report: ReportRow; reporterName: string }): Report {
  return {
    id: row.report.id,
    kind: row.report.kind === 'complaint' ? 'complaint' : 'report',
    reason: row.report.reason,
    details: row.report.details,
    reporterId: row.report.reporterId,
    reporterName: row.reporterName,
    createdAt: row.report.createdAt.toISOString(),
    decidedAt: iso(row.report.decidedAt),
  };
}

/** The target as users see it: the listing, the profile, or the message in its conversation. */
export async function loadTargetView(
  db: Db,
  repo: ModerationRepository,
  now: Date,
  type: ReportTargetType,
  id: string,
): Promise<ReportTarget> {
  if (type === 'vehicle') {
    const v = await repo.vehicleView(db, id);
    return {
      type,
      id,
      exists: Boolean(v && !v.deletedAt),
      title: v ? `${v.make} ${v.model}` : '',
      description: v?.description ?? '',
      imageURL: v?.imageURL ?? null,
      pricePerDayCents: v?.pricePerDayCents ?? 0,
      ownerId: v?.ownerId ?? id,
      ownerName: v?.ownerName ?? '',
      hiddenReason: v?.hiddenAt ? (v.hiddenReason ?? '') : null,
    };
  }
  if (type === 'user') {
    const u = await repo.userFacts(db, id);
    return {
      type,
      id,
      exists: Boolean(u),
      username: u?.username ?? '',
      memberSince: u ? u.createdAt.toISOString() : '',
      isSuspended: u ? isSuspendedAt(u, now) : false,
      suspendedUntil: u && isSuspendedAt(u, now) ? iso(u.suspendedUntil) : null,
    };
  }
  const m = await repo.messageFacts(db, id);
  const conversation = m ? await repo.conversationAround(db, m) : [];
  const sender = m ? await repo.userFacts(db, m.senderId) : undefined;
  return {
    type,
    id,
    exists: Boolean(m),
    senderId: m?.senderId ?? null,
    senderName: sender?.username ?? '',
    conversation: conversation.map((line) => ({
      id: line.id,
      senderName: line.senderName,
      text: line.text,
      sentAt: line.sentAt.toISOString(),
      isReported: line.id === id,
    })),
  };
}
