import {
  ClaimMessages as M,
  type AnswerClaimFields,
  type Claim,
  type ClaimStatus,
  type CompanyClaimable,
  type DecideClaim,
  type MyClaim,
  type OpenClaimFields,
  type RentalClaim,
} from '@rentdrive/contracts/claims';
import { isUuid } from '@rentdrive/contracts/ids';
import type { Locale } from '@rentdrive/contracts/locales';
import type { NotificationPush } from '@rentdrive/contracts/notifications';
import { centsToEuros, eurosToCents } from '@rentdrive/domain/money';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { notifications as notificationsTable, type ClaimPhoto } from '../../db/schema/index';
import { afterCommit, transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { formatServerMessage, type ServerMessage } from '../../lib/server-messages';
import type { SessionUser } from '../../lib/session-user';
import { DELETED_USER_NAME, recordAudit } from '../audit/audit.service';
import { mailLocale, type ClaimMail } from '../mail/mail.service';
import type { WalletService } from '../wallet/wallet.service';
import { ClaimTexts as T } from './claim-texts';
import { createClaimsRepository, type ClaimRental, type ClaimView } from './claims.repository';

export type { ClaimPhoto };

/** Where each party reads a claim (the web's routes). */
const RENTER_PAGE = '/profile/rentals';
const OWNER_PAGE = '/profile/vehicles';
const LIST_LIMIT = 200;

export interface ClaimsServiceDeps {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'settleDepositClaim'>;
  /** DEPOSIT_RELEASE_DAYS: the owner may open a claim until this many days after completion. */
  depositReleaseDays: number;
  /** Sends a notification to the user's open connections (the hub), after commit. */
  push: (userId: string, payload: NotificationPush) => void;
  onError: (error: unknown) => void;
  /** The parties' e-mail (issue 25's outbox), written in the action's transaction beside the notifications. */
  mail?: ClaimMail;
}

type Caller = Pick<SessionUser, 'id' | 'isCompanyEmployee'>;

const photoDto = (photos: ClaimPhoto[]) => photos.map((p) => ({ imageURL: p.largePath, thumbURL: p.thumbPath }));

function toClaim(row: ClaimView): Claim {
  const c = row.claim;
  const decided = c.status === 'decided' && c.ownerPaidCents !== null;
  return {
    id: c.id,
    rentalId: c.rentalId,
    vehicleId: row.vehicleId,
    vehicle: `${row.make} ${row.model}`,
    ownerName: row.ownerDeletedAt ? DELETED_USER_NAME : row.ownerName,
    renterName: row.renterDeletedAt ? DELETED_USER_NAME : row.renterName,
    startDate: row.startDate,
    endDate: row.endDate,
    deposit: centsToEuros(row.depositCents),
    amount: centsToEuros(c.amountCents),
    description: c.description,
    photos: photoDto(c.photos),
    openedAt: c.openedAt.toISOString(),
    answer: c.answer,
    answerPhotos: photoDto(c.answerPhotos),
    answeredAt: c.answeredAt?.toISOString() ?? null,
    status: c.status,
    ownerPaid: decided ? centsToEuros(c.ownerPaidCents!) : null,
    renterRefund: decided ? centsToEuros(row.depositCents - c.ownerPaidCents!) : null,
    decisionReason: c.decisionReason,
    decidedAt: c.decidedAt?.toISOString() ?? null,
  };
}

const euros = (locale: Locale, cents: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/**
 * Damage claims on deposits (issue 27, ADR 021). Every change locks the rental's row first (the lock
 * the deposit release job takes too), so opening a claim and the release, or a decision and the
 * release, never both happen: the release job skips a rental with a claim, and a decision pays out
 * the whole deposit and marks it released in one transaction with its ledger move and audit event.
 */
export function createClaimsService(deps: ClaimsServiceDeps) {
  const { db, clock, wallet, depositReleaseDays } = deps;
  const repo = createClaimsRepository();

  /** The vehicle's owner, or an employee for a company vehicle (as booking rules, requests and owner cancel). */
  const actsAsOwner = (rental: ClaimRental, caller: Caller) =>
    rental.ownerId === caller.id || (rental.isCompanyProperty && caller.isCompanyEmployee);

  /** When the owner's window to open a claim closes (the deposit's release time), or null without one. */
  function openUntil(rental: ClaimRental): Date | null {
    if (rental.status !== 'Completed' || !rental.completedAt || rental.depositCents === 0 || rental.depositReleasedAt) return null;
    return new Date(rental.completedAt.getTime() + depositReleaseDays * 86_400_000);
  }

  async function tell(tx: Tx, userId: string, link: string, message: ServerMessage, values: (locale: Locale) => Record<string, string>) {
    const locale = mailLocale(await repo.userLanguage(tx, userId));
    const text = formatServerMessage(locale, message, values(locale)).slice(0, 500);
    const [row] = await tx
      .insert(notificationsTable)
      .values({ userId, type: 'damage-claim', text, link, createdOn: clock.now() })
      .returning();
    afterCommit(tx, () => {
      repo
        .unreadNotifications(db, userId)
        .then((unreadCount) =>
          deps.push(userId, {
            notification: {
              id: row!.id,
              type: 'damage-claim',
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

  async function viewOf(dbOrTx: Db | Tx, claimId: string): Promise<Claim> {
    const row = await repo.view(dbOrTx, claimId);
    if (!row) throw AppError.notFound(M.claimNotFound);
    return toClaim(row);
  }

  return {
    /** A rental's claim for its owner, its renter or an employee; whether the owner may still open one. */
    async rentalClaim(caller: Caller, rentalId: string): Promise<RentalClaim> {
      if (!isUuid(rentalId)) throw AppError.notFound(M.rentalNotFound);
      const rental = await repo.rental(db, rentalId);
      if (!rental) throw AppError.notFound(M.rentalNotFound);
      const isParty = rental.ownerId === caller.id || rental.renterId === caller.id;
      if (!isParty && !caller.isCompanyEmployee) throw AppError.notFound(M.rentalNotFound);
      const claimId = await repo.claimIdOf(db, rentalId);
      const until = openUntil(rental);
      return {
        claim: claimId ? await viewOf(db, claimId) : null,
        canOpen: actsAsOwner(rental, caller) && !claimId && until !== null && clock.now() < until,
        openUntil: !claimId && until ? until.toISOString() : null,
        deposit: centsToEuros(rental.depositCents),
      };
    },

    /**
     * The owner (or an employee for a company vehicle) opens a claim within the release window: at
     * most the deposit, with photos. The claim's owner is the vehicle's owner (the company account).
     */
    async open(caller: Caller, rentalId: string, fields: OpenClaimFields, photos: ClaimPhoto[], ip: string | null): Promise<Claim> {
      if (!isUuid(rentalId)) throw AppError.notFound(M.rentalNotFound);
      const amountCents = eurosToCents(fields.amount);
      const claimId = await transact(db, async (tx) => {
        const rental = await repo.rental(tx, rentalId, true);
        if (!rental) throw AppError.notFound(M.rentalNotFound);
        // As the booking rules and the owner's cancel: anyone else is refused with the reason.
        if (!actsAsOwner(rental, caller)) throw AppError.forbidden(M.notYourRental);
        if (rental.depositCents === 0) throw AppError.conflict(M.noDeposit);
        if (rental.status !== 'Completed' || !rental.completedAt) throw AppError.conflict(M.notCompleted);
        if (await repo.claimIdOf(tx, rentalId)) throw AppError.conflict(M.alreadyClaimed);
        const until = openUntil(rental);
        if (!until || clock.now() >= until) throw AppError.conflict(M.windowClosed);
        if (amountCents > rental.depositCents) {
          throw AppError.validation(M.amountOverDeposit, { amount: [M.amountOverDeposit] });
        }
        const at = clock.now();
        let id: string;
        try {
          id = await repo.insert(tx, {
            rentalId,
            ownerId: rental.ownerId,
            renterId: rental.renterId,
            description: fields.description,
            amountCents,
            photos,
            at,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'damage_claims_rental_uq')) throw AppError.conflict(M.alreadyClaimed);
          throw error;
        }
        const view = (await repo.view(tx, id))!;
        const vehicle = `${view.make} ${view.model}`;
        await tell(tx, rental.renterId, RENTER_PAGE, T.opened, (l) => ({ vehicle, amount: euros(l, amountCents) }));
        await deps.mail?.opened(tx, id);
        await recordAudit(tx, {
          actorId: caller.id,
          ip,
          action: 'claim.open',
          target: { type: 'rental', id: rentalId },
          details: { claimId: id, amountCents, depositCents: rental.depositCents, photos: photos.length },
          occurredAt: at,
        });
        return id;
      });
      return viewOf(db, claimId);
    },

    /** The renter answers an open claim, once, with text and photos. */
    async answer(caller: Caller, rentalId: string, fields: AnswerClaimFields, photos: ClaimPhoto[]): Promise<Claim> {
      if (!isUuid(rentalId)) throw AppError.notFound(M.claimNotFound);
      const claimId = await transact(db, async (tx) => {
        const id = await repo.claimIdOf(tx, rentalId);
        const claim = id ? await repo.lockClaim(tx, id) : undefined;
        if (!claim) throw AppError.notFound(M.claimNotFound);
        if (claim.renterId !== caller.id) {
          if (claim.ownerId === caller.id) throw AppError.forbidden(M.notTheRenter);
          throw AppError.notFound(M.claimNotFound);
        }
        if (claim.status !== 'open') throw AppError.conflict(M.claimDecided);
        if (claim.answeredAt) throw AppError.conflict(M.alreadyAnswered);
        await repo.answer(tx, claim.id, { text: fields.answer, photos, at: clock.now() });
        const view = (await repo.view(tx, claim.id))!;
        await tell(tx, claim.ownerId, OWNER_PAGE, T.answered, () => ({ vehicle: `${view.make} ${view.model}` }));
        await deps.mail?.answered(tx, claim.id);
        return claim.id;
      });
      return viewOf(db, claimId);
    },

    /** The caller's claims, as owner or renter (My Rentals, My Vehicles). */
    async mine(caller: Caller): Promise<MyClaim[]> {
      return (await repo.mine(db, caller.id, LIST_LIMIT)).map((row) => ({
        ...toClaim(row),
        role: row.claim.ownerId === caller.id ? ('owner' as const) : ('renter' as const),
      }));
    },

    /** Employees: company vehicles' completed rentals whose deposit they may still claim from, newest first. */
    async companyClaimable(): Promise<CompanyClaimable[]> {
      const after = new Date(clock.now().getTime() - depositReleaseDays * 86_400_000);
      const rows = await repo.companyClaimable(db, after, LIST_LIMIT);
      return rows.map((row) => ({
        rentalId: row.id,
        vehicleId: row.vehicleId,
        vehicle: `${row.make} ${row.model}`,
        renterName: row.renterDeletedAt ? DELETED_USER_NAME : row.renterName,
        startDate: row.startDate,
        endDate: row.endDate,
        deposit: centsToEuros(row.depositCents),
        openUntil: new Date(row.completedAt!.getTime() + depositReleaseDays * 86_400_000).toISOString(),
      }));
    },

    /** Employees: open claims oldest first, or the latest decided ones. */
    async list(status: ClaimStatus): Promise<Claim[]> {
      return (await repo.list(db, status, LIST_LIMIT)).map(toClaim);
    },

    /**
     * An employee decides: `ownerAmount` (0 up to the claim) to the owner, the rest of the deposit back
     * to the renter, in one ledger transaction; the reason goes to the audit trail and both parties.
     */
    async decide(employee: Caller, claimId: string, input: DecideClaim, ip: string | null): Promise<Claim> {
      if (!isUuid(claimId)) throw AppError.notFound(M.claimNotFound);
      const ownerCents = eurosToCents(input.ownerAmount);
      await transact(db, async (tx) => {
        const rentalId = await repo.rentalIdOf(tx, claimId);
        if (!rentalId) throw AppError.notFound(M.claimNotFound);
        // The rental's row first, as the release job and every rental change lock it.
        const rental = (await repo.rental(tx, rentalId, true))!;
        const claim = (await repo.lockClaim(tx, claimId))!;
        if (claim.status !== 'open') throw AppError.conflict(M.claimDecided);
        if (employee.id === claim.ownerId || employee.id === claim.renterId) throw AppError.forbidden(M.ownClaim);
        // A company vehicle's claim is opened by an employee: another one decides it.
        if (rental.isCompanyProperty && (await repo.openedBy(tx, rentalId)) === employee.id) throw AppError.forbidden(M.ownClaim);
        if (ownerCents > claim.amountCents) {
          throw AppError.validation(M.ownerAmountOverClaim, { ownerAmount: [M.ownerAmountOverClaim] });
        }
        // Never both: a deposit already released (it cannot be with a claim on it) is not paid again.
        if (rental.depositReleasedAt) throw AppError.conflict(M.claimDecided);
        const at = clock.now();
        await wallet.settleDepositClaim(tx, {
          rentalId,
          renterId: claim.renterId,
          ownerId: claim.ownerId,
          depositCents: rental.depositCents,
          ownerCents,
          at,
        });
        await repo.markDepositSettled(tx, rentalId, at);
        await repo.decide(tx, claimId, { ownerPaidCents: ownerCents, reason: input.reason, decidedBy: employee.id, at });
        await recordAudit(tx, {
          actorId: employee.id,
          ip,
          action: 'claim.decide',
          target: { type: 'claim', id: claimId },
          reason: input.reason,
          details: { rentalId, amountCents: claim.amountCents, ownerPaidCents: ownerCents, depositCents: rental.depositCents },
          occurredAt: at,
        });
        const view = (await repo.view(tx, claimId))!;
        const vehicle = `${view.make} ${view.model}`;
        const refundCents = rental.depositCents - ownerCents;
        await tell(tx, claim.ownerId, OWNER_PAGE, T.decidedOwner, (l) => ({ vehicle, paid: euros(l, ownerCents), reason: input.reason }));
        await tell(tx, claim.renterId, RENTER_PAGE, T.decidedRenter, (l) => ({
          vehicle,
          refund: euros(l, refundCents),
          paid: euros(l, ownerCents),
          reason: input.reason,
        }));
        await deps.mail?.decided(tx, claimId);
      });
      return viewOf(db, claimId);
    },
  };
}
export type ClaimsService = ReturnType<typeof createClaimsService>;
