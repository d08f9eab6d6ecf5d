import { aliasedTable, and, asc, desc, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, damageClaims, notifications, rentals, users, vehicles, type ClaimPhoto } from '../../db/schema/index';

const owners = aliasedTable(users, 'claim_owner');
const renters = aliasedTable(users, 'claim_renter');

/** A rental as a claim needs it: who its parties are and where its deposit stands. */
const rentalColumns = {
  id: rentals.id,
  status: rentals.status,
  renterId: rentals.renterId,
  ownerId: vehicles.ownerId,
  isCompanyProperty: vehicles.isCompanyProperty,
  vehicleId: rentals.vehicleId,
  completedAt: rentals.completedAt,
  depositCents: rentals.depositCents,
  depositReleasedAt: rentals.depositReleasedAt,
};
export type ClaimRental = {
  id: string;
  status: string;
  renterId: string;
  ownerId: string;
  /** A company vehicle: its employees act as its owner (issue 27). */
  isCompanyProperty: boolean;
  vehicleId: string;
  completedAt: Date | null;
  depositCents: number;
  depositReleasedAt: Date | null;
};

/** A claim with its rental's facts, as every answer shows it. */
const viewColumns = {
  claim: damageClaims,
  vehicleId: rentals.vehicleId,
  make: vehicles.make,
  model: vehicles.model,
  startDate: rentals.startDate,
  endDate: rentals.endDate,
  depositCents: rentals.depositCents,
  ownerName: owners.username,
  ownerDeletedAt: owners.deletedAt,
  renterName: renters.username,
  renterDeletedAt: renters.deletedAt,
};

function views(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(damageClaims)
    .innerJoin(rentals, eq(rentals.id, damageClaims.rentalId))
    .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
    .innerJoin(owners, eq(owners.id, damageClaims.ownerId))
    .innerJoin(renters, eq(renters.id, damageClaims.renterId));
}
export type ClaimView = Awaited<ReturnType<ReturnType<typeof views>['execute']>>[number];

export function createClaimsRepository() {
  return {
    async rental(db: DbOrTx, rentalId: string, lock = false): Promise<ClaimRental | undefined> {
      const query = db
        .select(rentalColumns)
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(eq(rentals.id, rentalId));
      const [row] = lock ? await query.for('update', { of: rentals }) : await query;
      return row;
    },

    async claimIdOf(db: DbOrTx, rentalId: string): Promise<string | undefined> {
      const [row] = await db.select({ id: damageClaims.id }).from(damageClaims).where(eq(damageClaims.rentalId, rentalId));
      return row?.id;
    },

    async rentalIdOf(db: DbOrTx, claimId: string): Promise<string | undefined> {
      const [row] = await db.select({ rentalId: damageClaims.rentalId }).from(damageClaims).where(eq(damageClaims.id, claimId));
      return row?.rentalId;
    },

    /** The claim row itself, locked until the transaction ends. */
    async lockClaim(db: DbOrTx, claimId: string) {
      const [row] = await db.select().from(damageClaims).where(eq(damageClaims.id, claimId)).for('update');
      return row;
    },

    async view(db: DbOrTx, claimId: string): Promise<ClaimView | undefined> {
      const [row] = await views(db).where(eq(damageClaims.id, claimId));
      return row;
    },

    /** Open claims oldest first (the queue), or the latest decided ones. */
    list(db: DbOrTx, status: 'open' | 'decided', limit: number): Promise<ClaimView[]> {
      return views(db)
        .where(eq(damageClaims.status, status))
        .orderBy(status === 'open' ? asc(damageClaims.openedAt) : desc(damageClaims.decidedAt))
        .limit(limit);
    },

    /** The user's claims as owner or renter, newest first. */
    mine(db: DbOrTx, userId: string, limit: number): Promise<ClaimView[]> {
      return views(db)
        .where(or(eq(damageClaims.ownerId, userId), eq(damageClaims.renterId, userId)))
        .orderBy(desc(damageClaims.openedAt))
        .limit(limit);
    },

    async insert(
      db: DbOrTx,
      claim: {
        rentalId: string;
        ownerId: string;
        renterId: string;
        description: string;
        amountCents: number;
        photos: ClaimPhoto[];
        at: Date;
      },
    ): Promise<string> {
      const [row] = await db
        .insert(damageClaims)
        .values({
          rentalId: claim.rentalId,
          ownerId: claim.ownerId,
          renterId: claim.renterId,
          description: claim.description,
          amountCents: claim.amountCents,
          photos: claim.photos,
          openedAt: claim.at,
        })
        .returning({ id: damageClaims.id });
      return row!.id;
    },

    async answer(db: DbOrTx, claimId: string, answer: { text: string; photos: ClaimPhoto[]; at: Date }): Promise<void> {
      await db
        .update(damageClaims)
        .set({ answer: answer.text, answerPhotos: answer.photos, answeredAt: answer.at })
        .where(eq(damageClaims.id, claimId));
    },

    async decide(db: DbOrTx, claimId: string, decision: { ownerPaidCents: number; reason: string; decidedBy: string; at: Date }) {
      await db
        .update(damageClaims)
        .set({
          status: 'decided',
          ownerPaidCents: decision.ownerPaidCents,
          decisionReason: decision.reason,
          decidedBy: decision.decidedBy,
          decidedAt: decision.at,
        })
        .where(eq(damageClaims.id, claimId));
    },

    /** The deposit is settled by the decision: released or paid, never both (the release job skips it). */
    async markDepositSettled(db: DbOrTx, rentalId: string, at: Date): Promise<void> {
      await db
        .update(rentals)
        .set({ depositReleasedAt: at })
        .where(and(eq(rentals.id, rentalId), isNull(rentals.depositReleasedAt)));
    },

    /** Who opened the rental's claim (the audit trail's 'claim.open'): for a company vehicle, one employee. */
    async openedBy(db: DbOrTx, rentalId: string): Promise<string | null> {
      const [row] = await db
        .select({ actorId: auditEvents.actorId })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'claim.open'), eq(auditEvents.targetType, 'rental'), eq(auditEvents.targetId, rentalId)))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      return row?.actorId ?? null;
    },

    /**
     * Completed rentals of company vehicles whose deposit is still held, without a claim, completed
     * after `completedAfter` (the claim window still open): what employees may claim on, newest first.
     */
    companyClaimable(db: DbOrTx, completedAfter: Date, limit: number) {
      return db
        .select({
          id: rentals.id,
          vehicleId: rentals.vehicleId,
          make: vehicles.make,
          model: vehicles.model,
          renterName: renters.username,
          renterDeletedAt: renters.deletedAt,
          startDate: rentals.startDate,
          endDate: rentals.endDate,
          completedAt: rentals.completedAt,
          depositCents: rentals.depositCents,
        })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .innerJoin(renters, eq(renters.id, rentals.renterId))
        .where(
          and(
            eq(vehicles.isCompanyProperty, true),
            eq(rentals.status, 'Completed'),
            gt(rentals.depositCents, 0),
            isNull(rentals.depositReleasedAt),
            gt(rentals.completedAt, completedAfter),
            notExists(
              db
                .select({ one: sql`1` })
                .from(damageClaims)
                .where(eq(damageClaims.rentalId, rentals.id)),
            ),
          ),
        )
        .orderBy(desc(rentals.completedAt), desc(rentals.id))
        .limit(limit);
    },

    async userLanguage(db: DbOrTx, userId: string): Promise<string | null> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? null;
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
export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
