import { isUuid } from '@rentdrive/contracts/ids';
import type { Locale } from '@rentdrive/contracts/locales';
import type {
  ComplaintRequest,
  CreateReport,
  Decision,
  DecisionRequest,
  DecisionResult,
  ModerationAction,
  ReportGroup,
  ReportQueue,
  ReportTargetType,
  UserDetail,
  UserRow,
} from '@rentdrive/contracts/moderation';
import { ModerationMessages as M } from '@rentdrive/contracts/moderation';
import type { NotificationPush } from '@rentdrive/contracts/notifications';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { notifications as notificationsTable } from '../../db/schema/index';
import { afterCommit, transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';
import { formatServerMessage, type ServerMessage } from '../../lib/server-messages';
import type { SessionUser } from '../../lib/session-user';
import { recordAudit } from '../audit/audit.service';
import { defineMail, mailLocale, type MailService } from '../mail/mail.service';
import { ModerationTexts as T } from './moderation-texts';
import { iso, isSuspendedAt, loadTargetView, toDecision, toReport } from './moderation-views';
import { createModerationRepository, type ReportRow } from './moderation.repository';

/** Where the affected person reads a decision and answers it (the web's route). */
export const DECISIONS_PAGE = '/profile/decisions';

/** A moderation decision told by mail (ADR 020: the sentence, already in the user's language, is the data). */
const moderationMail = defineMail<{ sentence: string }>('moderation', {
  security: false,
  build: (t, { sentence }, { origin, productName }) => ({
    subject: t(T.mailSubject, { product: productName }),
    paragraphs: [sentence],
    button: { label: t(T.mailButton), url: `${origin}${DECISIONS_PAGE}` },
    why: t(T.mailWhy, { product: productName }),
  }),
});

export interface ModerationServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailService;
  productName: string;
  origin: string;
  /** Reports one user may send per hour (counted per user, on every instance when Redis is configured). */
  reportRate: RateLimiter;
  wallet: { getBalances(userId: string): Promise<{ balanceCents: number; pendingCents: number; withdrawableCents: number }> };
  /** Sends a notification to the user's open connections (the hub), after commit. */
  push: (userId: string, payload: NotificationPush) => void;
  /** Sessions ended by a suspension: their hub connections close on every instance. */
  onSessionsEnded: (sessionIds: string[]) => Promise<void>;
  onError: (error: unknown) => void;
}

/** Which decisions apply to which target. */
const ACTIONS_FOR: Record<ReportTargetType, readonly ModerationAction[]> = {
  vehicle: ['dismiss', 'hide-listing', 'restore-listing', 'suspend-user', 'lift-suspension'],
  user: ['dismiss', 'suspend-user', 'lift-suspension'],
  message: ['dismiss', 'suspend-user', 'lift-suspension'],
};

/**
 * Reports, the moderation queue and decisions, suspensions and the employees' Users screen
 * (issue 28). A decision, what it changes, the reports it closes, the notifications and mail to the
 * people concerned and its audit entry are one transaction.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { db, clock, mail, origin } = deps;
  const repo = createModerationRepository();
  const targetView = (type: ReportTargetType, id: string) => loadTargetView(db, repo, clock.now(), type, id);

  async function targetOwner(tx: Db | Tx, type: ReportTargetType, id: string): Promise<string | undefined> {
    if (type === 'vehicle') return (await repo.vehicleFacts(tx, id))?.ownerId;
    if (type === 'user') return (await repo.userFacts(tx, id))?.id;
    return (await repo.messageFacts(tx, id))?.senderId;
  }

  /** Writes one notification (in `tx`) and pushes it once `tx` commits. */
  async function notify(tx: Tx, userId: string, text: string): Promise<void> {
    const [row] = await tx
      .insert(notificationsTable)
      .values({ userId, type: 'moderation', text: text.slice(0, 500), link: DECISIONS_PAGE, createdOn: clock.now() })
      .returning();
    afterCommit(tx, () => {
      repo
        .unreadNotifications(db, userId)
        .then((unreadCount) =>
          deps.push(userId, {
            notification: {
              id: row!.id,
              type: 'moderation',
              text: row!.text,
              link: row!.link,
              createdOn: row!.createdOn.toISOString(),
              read: false,
            },
            unreadCount,
          }),
        )
        .catch(deps.onError);
    });
  }

  /** Tells `userId` (notification and mail, in their language) the sentence `text(locale)`. */
  async function tell(tx: Tx, userId: string, text: (locale: Locale) => string): Promise<void> {
    const user = await repo.userFacts(tx, userId);
    if (!user) return;
    const locale = mailLocale(user.language);
    const sentence = text(locale);
    await notify(tx, userId, sentence);
    await mail.compose(tx, origin, { userId, address: user.email, username: user.username, locale }, moderationMail, { sentence });
  }

  const say = (locale: Locale, message: ServerMessage, values: Record<string, string | number> = {}) =>
    formatServerMessage(locale, message, values);

  function untilText(locale: Locale, until: Date): string {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(until) + ' UTC';
  }

  async function targetName(tx: Tx, type: ReportTargetType, id: string): Promise<(locale: Locale) => string> {
    if (type === 'vehicle') {
      const v = await repo.vehicleView(tx, id);
      return (l) => say(l, T.targetVehicle, { vehicle: v ? `${v.make} ${v.model}` : '' });
    }
    if (type === 'user') {
      const u = await repo.userFacts(tx, id);
      return (l) => say(l, T.targetUser, { username: u?.username ?? '' });
    }
    const m = await repo.messageFacts(tx, id);
    const sender = m ? await repo.userFacts(tx, m.senderId) : undefined;
    return (l) => say(l, T.targetMessage, { username: sender?.username ?? '' });
  }

  const OUTCOME: Record<ModerationAction, ServerMessage> = {
    dismiss: T.outcomeDismissed,
    'hide-listing': T.outcomeHidden,
    'restore-listing': T.outcomeRestored,
    'suspend-user': T.outcomeSuspended,
    'lift-suspension': T.outcomeLifted,
  };

  return {
    async report(reporter: SessionUser, input: CreateReport): Promise<{ id: string; status: 'open' }> {
      const owner = await targetOwner(db, input.targetType, input.targetId);
      if (!owner) throw AppError.notFound(M.targetNotFound);
      if (owner === reporter.id) throw AppError.validation(M.reportSelf, { targetId: [M.reportSelf] });
      if (input.targetType === 'message') {
        // Only a message sent to the reporter can be reported: nobody else has seen it.
        const message = await repo.messageFacts(db, input.targetId);
        if (message?.receiverId !== reporter.id) throw AppError.notFound(M.targetNotFound);
      }
      await deps.reportRate.take(`user:${reporter.id}`);
      try {
        const id = await repo.insertReport(db, {
          reporterId: reporter.id,
          targetType: input.targetType,
          targetId: input.targetId.toLowerCase(),
          reason: input.reason,
          details: input.details,
          createdAt: clock.now(),
        });
        return { id, status: 'open' };
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(M.alreadyReported);
        throw error;
      }
    },

    /** Open reports and complaints grouped by target, the oldest waiting group first. */
    async queue(): Promise<ReportQueue> {
      const rows = await repo.openReports(db);
      const groups = new Map<string, { type: ReportTargetType; id: string; rows: typeof rows }>();
      for (const row of rows) {
        const key = `${row.report.targetType}:${row.report.targetId}`;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { type: row.report.targetType, id: row.report.targetId, rows: [] }));
        group.rows.push(row);
      }
      const out: ReportGroup[] = [];
      for (const group of groups.values()) {
        out.push({
          targetType: group.type,
          targetId: group.id,
          count: group.rows.length,
          oldestAt: group.rows[0]!.report.createdAt.toISOString(),
          target: await targetView(group.type, group.id),
          reports: group.rows.map(toReport),
          history: (await repo.decisionsOf(db, group.type, group.id)).map(toDecision),
        });
      }
      return { groups: out };
    },

    /** `ip`: the employee's address, for the audit trail. */
    async decide(employee: SessionUser, reportId: string, input: DecisionRequest, ip: string | null = null): Promise<DecisionResult> {
      const now = clock.now();
      const until = input.until ? new Date(input.until) : null;
      if (input.action === 'suspend-user' && until && until.getTime() <= now.getTime()) {
        throw AppError.validation(M.untilInPast, { until: [M.untilInPast] });
      }
      const endedSessions: string[] = [];
      const result = await transact(db, async (tx) => {
        const report = await repo.findReport(tx, reportId, true);
        if (!report) throw AppError.notFound(M.reportNotFound);
        if (report.decidedAt) throw AppError.conflict(M.reportDecided);
        const type = report.targetType;
        if (!ACTIONS_FOR[type].includes(input.action)) throw AppError.validation(M.actionNotForTarget, { action: [M.actionNotForTarget] });
        const affectedUserId = (await targetOwner(tx, type, report.targetId)) ?? null;
        const name = await targetName(tx, type, report.targetId);
        let activeRentals: DecisionResult['activeRentals'] = [];
        let tellAffected: ((locale: Locale) => string) | undefined;

        if (input.action === 'hide-listing' || input.action === 'restore-listing') {
          const vehicle = await repo.vehicleFactsForUpdate(tx, report.targetId);
          if (!vehicle) throw AppError.notFound(M.targetNotFound);
          const title = `${vehicle.make} ${vehicle.model}`;
          if (input.action === 'hide-listing') {
            if (vehicle.hiddenAt) throw AppError.conflict(M.alreadyHidden);
            await repo.hideVehicle(tx, vehicle.id, input.reason, now);
            tellAffected = (l) => say(l, T.listingHidden, { vehicle: title, reason: input.reason });
          } else {
            if (!vehicle.hiddenAt) throw AppError.conflict(M.notHidden);
            await repo.restoreVehicle(tx, vehicle.id, now);
            tellAffected = (l) => say(l, T.listingRestored, { vehicle: title, reason: input.reason });
          }
        } else if (input.action === 'suspend-user' || input.action === 'lift-suspension') {
          const user = affectedUserId ? await repo.userFacts(tx, affectedUserId) : undefined;
          if (!user) throw AppError.notFound(M.targetNotFound);
          if (input.action === 'suspend-user') {
            if (user.isCompanyEmployee || user.isCompanyAccount)
              throw AppError.validation(M.cannotSuspendEmployee, { action: [M.cannotSuspendEmployee] });
            await repo.suspend(tx, user.id, input.reason, now, until);
            await repo.hideListingsOf(tx, user.id, input.reason, now);
            endedSessions.push(...(await repo.endSessionsOf(tx, user.id)));
            activeRentals = await repo.rentalsOf(tx, user.id, true);
            tellAffected = (l) =>
              until
                ? say(l, T.suspendedUntil, { until: untilText(l, until), reason: input.reason })
                : say(l, T.suspendedIndefinitely, { reason: input.reason });
          } else {
            if (!user.suspendedAt) throw AppError.conflict(M.notSuspended);
            await repo.lift(tx, user.id);
            await repo.showListingsHiddenForSuspension(tx, user.id, now);
            tellAffected = (l) => say(l, T.suspensionLifted, { reason: input.reason });
          }
        }

        const decisionId = await repo.insertDecision(tx, {
          employeeId: employee.id,
          action: input.action,
          targetType: type,
          targetId: report.targetId,
          affectedUserId,
          reason: input.reason,
          until: input.action === 'suspend-user' ? until : null,
          createdAt: now,
        });
        const closed = await repo.closeOpenReports(tx, type, report.targetId, decisionId, now);
        // The audit trail, in the decision's own transaction (issue 28).
        await recordAudit(tx, {
          actorId: employee.id,
          ip,
          action: `moderation.${input.action}`,
          target: { type, id: report.targetId },
          reason: input.reason,
          details: { reportId, reportIds: closed.map((r) => r.id), affectedUserId, until: iso(until) },
        });

        // The reporters hear how their report was decided; the affected person what changed and why.
        const toldReporters = new Set<string>();
        for (const r of closed) {
          if (toldReporters.has(r.reporterId) || r.reporterId === affectedUserId) continue;
          toldReporters.add(r.reporterId);
          await tell(tx, r.reporterId, (l) =>
            say(l, T.reportDecided, { target: name(l), outcome: say(l, OUTCOME[input.action]), reason: input.reason }),
          );
        }
        if (affectedUserId) {
          const complained = closed.some((r) => r.kind === 'complaint' && r.reporterId === affectedUserId);
          if (tellAffected) await tell(tx, affectedUserId, tellAffected);
          else if (complained) await tell(tx, affectedUserId, (l) => say(l, T.complaintDismissed, { reason: input.reason }));
        }
        const decision = await repo.decision(tx, decisionId);
        return { decision: toDecision(decision!), reportsClosed: closed.length, activeRentals };
      });
      // The suspended user's hub connections close on every instance (the backplane carries it).
      if (endedSessions.length > 0) await deps.onSessionsEnded(endedSessions).catch(deps.onError);
      return result;
    },

    async searchUsers(q: string): Promise<UserRow[]> {
      const now = clock.now();
      const rows = await repo.searchUsers(db, q, isUuid(q));
      return rows.map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        memberSince: u.createdAt.toISOString(),
        isCompanyEmployee: u.isCompanyEmployee,
        isSuspended: isSuspendedAt(u, now),
        suspendedUntil: isSuspendedAt(u, now) ? iso(u.suspendedUntil) : null,
      }));
    },

    async user(id: string): Promise<UserDetail> {
      const u = await repo.userFacts(db, id);
      if (!u) throw AppError.notFound(M.userNotFound);
      const now = clock.now();
      const suspended = isSuspendedAt(u, now);
      const listings = await repo.listingsOf(db, id);
      const balances = await deps.wallet.getBalances(id);
      const withTarget = (row: { report: ReportRow; reporterName: string }) => ({
        ...toReport(row),
        targetType: row.report.targetType,
        targetId: row.report.targetId,
      });
      return {
        user: {
          id: u.id,
          username: u.username,
          email: u.email,
          memberSince: u.createdAt.toISOString(),
          isCompanyEmployee: u.isCompanyEmployee,
          isSuspended: suspended,
          suspendedUntil: suspended ? iso(u.suspendedUntil) : null,
          suspensionReason: suspended ? u.suspensionReason : null,
        },
        listings: listings.map((l) => ({
          id: l.id,
          title: `${l.make} ${l.model}`,
          pricePerDayCents: l.pricePerDayCents,
          hiddenReason: l.hiddenAt ? (l.hiddenReason ?? '') : null,
        })),
        rentals: await repo.rentalsOf(db, id, false),
        wallet: { balanceCents: balances.balanceCents, pendingCents: balances.pendingCents, withdrawableCents: balances.withdrawableCents },
        reportsBy: (await repo.reportsWhere(db, { reporterId: id })).map(withTarget),
        reportsAbout: (await repo.reportsWhere(db, { targets: [id, ...listings.map((l) => l.id)] })).map(withTarget),
        decisions: (await repo.decisionsAffecting(db, id)).map(toDecision),
      };
    },

    /** The decisions that concern the caller (their listings, their account), newest first. */
    async myDecisions(userId: string): Promise<Decision[]> {
      return (await repo.decisionsAffecting(db, userId)).map(toDecision);
    },

    /** The affected person answers a decision, once: the complaint goes back to the queue. */
    async complain(user: SessionUser, decisionId: string, input: ComplaintRequest): Promise<{ id: string; status: 'open' }> {
      const decision = await repo.decision(db, decisionId);
      if (!decision || decision.affectedUserId !== user.id) throw AppError.notFound(M.decisionNotFound);
      if (decision.answered) throw AppError.conflict(M.alreadyAnswered);
      try {
        const id = await repo.insertReport(db, {
          reporterId: user.id,
          targetType: decision.targetType,
          targetId: decision.targetId,
          kind: 'complaint',
          reason: 'complaint',
          details: input.details,
          complaintOf: decision.id,
          createdAt: clock.now(),
        });
        return { id, status: 'open' };
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(M.alreadyAnswered);
        throw error;
      }
    },

    /** The owner of a hidden vehicle (undefined when it is shown or does not exist). */
    hiddenVehicleOwner(vehicleId: string): Promise<string | undefined> {
      return isUuid(vehicleId) ? repo.hiddenVehicleOwner(db, vehicleId) : Promise.resolve(undefined);
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
