import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ReportTargetType } from '@rentdrive/contracts/moderation';
import type { DbOrTx } from '../../db/client';
import {
  chatMessages,
  moderationDecisions,
  notifications,
  rentals,
  reports,
  sessions,
  users,
  vehicleImages,
  vehicles,
} from '../../db/schema/index';

export type ReportRow = typeof reports.$inferSelect;
export type DecisionRow = typeof moderationDecisions.$inferSelect & { employeeName: string; answered: boolean };

const MAX_OPEN_REPORTS = 500;
const CONVERSATION_AROUND = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries of reports, decisions, hidden listings and suspensions (issue 28). */
export function createModerationRepository() {
  const decisionColumns = {
    id: moderationDecisions.id,
    employeeId: moderationDecisions.employeeId,
    action: moderationDecisions.action,
    targetType: moderationDecisions.targetType,
    targetId: moderationDecisions.targetId,
    affectedUserId: moderationDecisions.affectedUserId,
    reason: moderationDecisions.reason,
    until: moderationDecisions.until,
    createdAt: moderationDecisions.createdAt,
    employeeName: users.username,
    answered: sql<boolean>`exists (select 1 from reports c where c.kind = 'complaint' and c.complaint_of = ${moderationDecisions.id})`,
  };
  const decisions = (db: DbOrTx) =>
    db.select(decisionColumns).from(moderationDecisions).innerJoin(users, eq(users.id, moderationDecisions.employeeId));

  return {
    async vehicleFacts(db: DbOrTx, id: string) {
      const [row] = await db
        .select({ id: vehicles.id, ownerId: vehicles.ownerId, make: vehicles.make, model: vehicles.model, hiddenAt: vehicles.hiddenAt })
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)));
      return row;
    },
    async vehicleFactsForUpdate(db: DbOrTx, id: string) {
      const [row] = await db
        .select({ id: vehicles.id, ownerId: vehicles.ownerId, make: vehicles.make, model: vehicles.model, hiddenAt: vehicles.hiddenAt })
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
        .for('update');
      return row;
    },
    async userFacts(db: DbOrTx, id: string) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          language: users.language,
          isCompanyEmployee: users.isCompanyEmployee,
          isCompanyAccount: users.isCompanyAccount,
          createdAt: users.createdAt,
          suspendedAt: users.suspendedAt,
          suspendedUntil: users.suspendedUntil,
          suspensionReason: users.suspensionReason,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
    async messageFacts(db: DbOrTx, id: string) {
      const [row] = await db
        .select({ id: chatMessages.id, senderId: chatMessages.senderId, receiverId: chatMessages.receiverId, seq: chatMessages.seq })
        .from(chatMessages)
        .where(eq(chatMessages.id, id));
      return row;
    },

    async insertReport(db: DbOrTx, row: typeof reports.$inferInsert): Promise<string> {
      const [inserted] = await db.insert(reports).values(row).returning({ id: reports.id });
      return inserted!.id;
    },
    async findReport(db: DbOrTx, id: string, forUpdate = false) {
      const query = db.select().from(reports).where(eq(reports.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },
    /** Open reports and complaints, oldest first. */
    async openReports(db: DbOrTx) {
      return db
        .select({ report: reports, reporterName: users.username })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(isNull(reports.decidedAt))
        .orderBy(asc(reports.createdAt), asc(reports.id))
        .limit(MAX_OPEN_REPORTS);
    },
    /** Closes the target's open reports with the decision; answers those closed (their reporters are told). */
    async closeOpenReports(db: DbOrTx, targetType: ReportTargetType, targetId: string, decisionId: string, at: Date) {
      return db
        .update(reports)
        .set({ decisionId, decidedAt: at })
        .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), isNull(reports.decidedAt)))
        .returning({ id: reports.id, reporterId: reports.reporterId, kind: reports.kind });
    },
    async reportsWhere(db: DbOrTx, by: { reporterId?: string; targets?: string[] }) {
      const where = by.reporterId
        ? eq(reports.reporterId, by.reporterId)
        : inArray(reports.targetId, by.targets?.length ? by.targets : ['00000000-0000-0000-0000-000000000000']);
      return db
        .select({ report: reports, reporterName: users.username })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(where)
        .orderBy(desc(reports.createdAt))
        .limit(100);
    },

    async insertDecision(db: DbOrTx, row: typeof moderationDecisions.$inferInsert): Promise<string> {
      const [inserted] = await db.insert(moderationDecisions).values(row).returning({ id: moderationDecisions.id });
      return inserted!.id;
    },
    async decision(db: DbOrTx, id: string): Promise<DecisionRow | undefined> {
      const [row] = await decisions(db).where(eq(moderationDecisions.id, id));
      return row;
    },
    async decisionsOf(db: DbOrTx, targetType: ReportTargetType, targetId: string): Promise<DecisionRow[]> {
      return decisions(db)
        .where(and(eq(moderationDecisions.targetType, targetType), eq(moderationDecisions.targetId, targetId)))
        .orderBy(desc(moderationDecisions.createdAt));
    },
    async decisionsAffecting(db: DbOrTx, userId: string): Promise<DecisionRow[]> {
      return decisions(db).where(eq(moderationDecisions.affectedUserId, userId)).orderBy(desc(moderationDecisions.createdAt)).limit(100);
    },

    async hideVehicle(db: DbOrTx, id: string, reason: string, at: Date) {
      await db
        .update(vehicles)
        .set({ hiddenAt: at, hiddenReason: reason, hiddenForSuspension: false, updatedAt: at })
        .where(eq(vehicles.id, id));
    },
    async restoreVehicle(db: DbOrTx, id: string, at: Date) {
      await db
        .update(vehicles)
        .set({ hiddenAt: null, hiddenReason: null, hiddenForSuspension: false, updatedAt: at })
        .where(eq(vehicles.id, id));
    },
    /** Hides the user's shown listings for their suspension (lifting shows exactly these again). */
    async hideListingsOf(db: DbOrTx, ownerId: string, reason: string, at: Date) {
      await db
        .update(vehicles)
        .set({ hiddenAt: at, hiddenReason: reason, hiddenForSuspension: true, updatedAt: at })
        .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt), isNull(vehicles.hiddenAt)));
    },
    async showListingsHiddenForSuspension(db: DbOrTx, ownerId: string, at: Date) {
      await db
        .update(vehicles)
        .set({ hiddenAt: null, hiddenReason: null, hiddenForSuspension: false, updatedAt: at })
        .where(and(eq(vehicles.ownerId, ownerId), eq(vehicles.hiddenForSuspension, true)));
    },
    async suspend(db: DbOrTx, userId: string, reason: string, at: Date, until: Date | null) {
      await db.update(users).set({ suspendedAt: at, suspendedUntil: until, suspensionReason: reason }).where(eq(users.id, userId));
    },
    async lift(db: DbOrTx, userId: string) {
      await db.update(users).set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null }).where(eq(users.id, userId));
    },
    /** Deletes every session of the user; answers their ids (their hub connections are closed). */
    async endSessionsOf(db: DbOrTx, userId: string): Promise<string[]> {
      const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Read-only: rentals the user is part of, as renter or owner; `activeOnly` keeps the running and requested ones. */
    async rentalsOf(db: DbOrTx, userId: string, activeOnly: boolean) {
      const owner = sql<string>`(select u.username from users u where u.id = ${vehicles.ownerId})`;
      const involved = or(eq(rentals.renterId, userId), eq(vehicles.ownerId, userId));
      return db
        .select({
          id: rentals.id,
          vehicleId: rentals.vehicleId,
          vehicle: sql<string>`${vehicles.make} || ' ' || ${vehicles.model}`,
          renterName: users.username,
          ownerName: owner,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          status: rentals.status,
          totalCents: rentals.totalCents,
        })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .innerJoin(users, eq(users.id, rentals.renterId))
        .where(activeOnly ? and(involved, inArray(rentals.status, ['Active', 'Requested'])) : involved)
        .orderBy(desc(rentals.bookedAt))
        .limit(100);
    },
    async listingsOf(db: DbOrTx, ownerId: string) {
      return db
        .select({
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          pricePerDayCents: vehicles.pricePerDayCents,
          hiddenReason: vehicles.hiddenReason,
          hiddenAt: vehicles.hiddenAt,
        })
        .from(vehicles)
        .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)))
        .orderBy(desc(vehicles.createdAt));
    },
    /** The listing as users see it, with its first image. */
    async vehicleView(db: DbOrTx, id: string) {
      const [row] = await db
        .select({
          id: vehicles.id,
          make: vehicles.make,
          model: vehicles.model,
          description: vehicles.description,
          pricePerDayCents: vehicles.pricePerDayCents,
          ownerId: vehicles.ownerId,
          ownerName: users.username,
          deletedAt: vehicles.deletedAt,
          hiddenReason: vehicles.hiddenReason,
          hiddenAt: vehicles.hiddenAt,
          imageURL: sql<
            string | null
          >`(select i.large_path from ${vehicleImages} i where i.vehicle_id = ${vehicles.id} order by i.position limit 1)`,
        })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(eq(vehicles.id, id));
      return row;
    },
    /** The reported message with the conversation's messages just before and after it. */
    async conversationAround(db: DbOrTx, message: { senderId: string; receiverId: string; seq: number }) {
      const pair = or(
        and(eq(chatMessages.senderId, message.senderId), eq(chatMessages.receiverId, message.receiverId)),
        and(eq(chatMessages.senderId, message.receiverId), eq(chatMessages.receiverId, message.senderId)),
      );
      const columns = {
        id: chatMessages.id,
        seq: chatMessages.seq,
        senderName: users.username,
        text: chatMessages.text,
        sentAt: chatMessages.sentAt,
      };
      const before = await db
        .select(columns)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(pair, sql`${chatMessages.seq} <= ${message.seq}`))
        .orderBy(desc(chatMessages.seq))
        .limit(CONVERSATION_AROUND + 1);
      const after = await db
        .select(columns)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(pair, sql`${chatMessages.seq} > ${message.seq}`))
        .orderBy(asc(chatMessages.seq))
        .limit(CONVERSATION_AROUND);
      return [...before.reverse(), ...after];
    },

    async searchUsers(db: DbOrTx, q: string, asId: boolean) {
      const pattern = `%${escapeLike(q)}%`;
      const where = asId ? eq(users.id, q) : or(ilike(users.username, pattern), ilike(users.email, pattern));
      return db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          createdAt: users.createdAt,
          isCompanyEmployee: users.isCompanyEmployee,
          suspendedAt: users.suspendedAt,
          suspendedUntil: users.suspendedUntil,
        })
        .from(users)
        .where(q === '' ? undefined : where)
        .orderBy(asc(users.username))
        .limit(50);
    },

    /** Whether the vehicle is hidden, and whose it is (the guard of its public routes). */
    async hiddenVehicleOwner(db: DbOrTx, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ ownerId: vehicles.ownerId })
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNotNull(vehicles.hiddenAt)));
      return row?.ownerId;
    },

    async unreadNotifications(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.count ?? 0;
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
