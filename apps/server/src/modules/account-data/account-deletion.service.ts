import { verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { AccountDataMessages, type AccountDeletionBlocker } from '@rentdrive/contracts/account-data';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  accountTokens,
  chatMessages,
  damageClaims,
  favourites,
  ledgerAccounts,
  mailOptOuts,
  mailOutbox,
  notifications,
  rentals,
  reservedUsernames,
  sessions,
  users,
  vehicleImages,
  vehicles,
  verifiedEmails,
} from '../../db/schema/index';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { deleteObjectsQuietly, keysOfImages } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { DELETED_USER_NAME } from '../audit/audit.service';

/** How long a deleted account's name stays reserved (nobody may take it to pose as the person gone). */
export const RESERVED_NAME_DAYS = 30;

/** The account's argon2id hash against the typed password (as account/password.ts checks a sign-in). */
async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
const DAY_MS = 86_400_000;

export const BLOCKER_MESSAGES: Record<AccountDeletionBlocker, string> = {
  'wallet-balance': AccountDataMessages.walletBalance,
  'pending-earnings': AccountDataMessages.pendingEarnings,
  'open-rental': AccountDataMessages.openRental,
  'deposit-held': AccountDataMessages.depositHeld,
  'claim-open': AccountDataMessages.claimOpen,
};

/** The refusal of a deletion: every reason that stands in its way (answered as a 409). */
export class AccountDeletionRefused extends Error {
  constructor(readonly reasons: AccountDeletionBlocker[]) {
    super(reasons.map((reason) => BLOCKER_MESSAGES[reason]).join(' '));
    this.name = 'AccountDeletionRefused';
  }
}

/** Whether `username` (folded: look-alikes too) is held for a recently deleted account at `now`. */
export async function isUsernameReserved(db: DbOrTx, username: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: reservedUsernames.usernameKey })
    .from(reservedUsernames)
    .where(and(sql`${reservedUsernames.usernameKey} = username_key(${username})`, gt(reservedUsernames.reservedUntil, now)))
    .limit(1);
  return Boolean(row);
}

/** What stands in the way of erasing the account: money it holds or may still get, rentals not over. */
async function blockersOf(tx: Tx, userId: string): Promise<AccountDeletionBlocker[]> {
  const reasons: AccountDeletionBlocker[] = [];
  const [wallet] = await tx
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'wallet')))
    .for('update');
  if ((wallet?.balance ?? 0) > 0) reasons.push('wallet-balance');
  const mine = or(eq(rentals.renterId, userId), eq(vehicles.ownerId, userId));
  const rentalWhere = async (condition: ReturnType<typeof and>) =>
    (
      await tx
        .select({ id: rentals.id })
        .from(rentals)
        .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
        .where(and(mine, condition))
        .limit(1)
    ).length > 0;
  if (await rentalWhere(and(eq(vehicles.ownerId, userId), gt(rentals.ownerPendingCents, 0), isNull(rentals.ownerPendingPaidAt)))) {
    reasons.push('pending-earnings');
  }
  if (await rentalWhere(inArray(rentals.status, ['Requested', 'Active']))) reasons.push('open-rental');
  // A completed rental whose deposit is not yet released: a claim on it may be open (issue 27).
  if (await rentalWhere(and(eq(rentals.status, 'Completed'), gt(rentals.depositCents, 0), isNull(rentals.depositReleasedAt)))) {
    reasons.push('deposit-held');
  }
  // A damage claim the person opened or must answer, until an employee decides it (issue 27).
  const [claim] = await tx
    .select({ id: damageClaims.id })
    .from(damageClaims)
    .where(and(eq(damageClaims.status, 'open'), or(eq(damageClaims.ownerId, userId), eq(damageClaims.renterId, userId))))
    .limit(1);
  if (claim) reasons.push('claim-open');
  return reasons;
}

export interface AccountDeletionDeps {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  /** Closes the realtime connections of ended sessions on every instance (the hub's backplane). */
  endSessions: (sessionIds: string[]) => Promise<void>;
  onError: (error: unknown, during: string) => void;
}

/**
 * Erasing an account (issue 28, GDPR article 17): in one transaction, with its audit event, the person
 * becomes a tombstone named 'Deleted user' — no e-mail, phone or password, their chat text emptied,
 * their vehicles removed with their photos, their sessions, tokens, notifications and saved vehicles
 * gone — while rentals, reviews and every ledger posting keep their figures, so the books still
 * balance. The old name is reserved for RESERVED_NAME_DAYS. Refused (409, every reason) while the
 * wallet holds money, earnings are on their way, a rental is requested or active, a deposit is held, or
 * a damage claim of theirs is open.
 */
export function createAccountDeletion({ db, clock, store, endSessions, onError }: AccountDeletionDeps) {
  return {
    async delete(userId: string, password: string, context: AuditContext): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user || user.deletedAt) throw AppError.unauthenticated();
      if (!(await passwordMatches(user.passwordHash, password))) {
        throw AppError.validation(AccountDataMessages.passwordIncorrect, { password: [AccountDataMessages.passwordIncorrect] });
      }
      if (user.isCompanyAccount) throw AppError.conflict(AccountDataMessages.cannotDelete);

      const { endedSessions, removedImages } = await transact(db, async (tx) => {
        // The account's row first: a second deletion (or a booking racing it) waits here.
        const [locked] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for('update');
        if (!locked || locked.deletedAt) throw AppError.unauthenticated();
        const reasons = await blockersOf(tx, userId);
        if (reasons.length > 0) throw new AccountDeletionRefused(reasons);

        const now = clock.now();
        await tx
          .insert(reservedUsernames)
          .values({
            usernameKey: sql`username_key(${user.username})`,
            reservedUntil: new Date(now.getTime() + RESERVED_NAME_DAYS * DAY_MS),
          })
          .onConflictDoUpdate({ target: reservedUsernames.usernameKey, set: { reservedUntil: sql`excluded.reserved_until` } });
        await tx
          .update(users)
          .set({
            username: DELETED_USER_NAME,
            email: `deleted-${userId}@deleted.invalid`,
            phoneNumber: null,
            // No argon2 hash: nothing verifies against it.
            passwordHash: '!deleted',
            isCompanyEmployee: false,
            language: null,
            deletedAt: now,
          })
          .where(eq(users.id, userId));
        await tx.update(chatMessages).set({ text: '' }).where(eq(chatMessages.senderId, userId));
        const owned = tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.ownerId, userId));
        const images = await tx.delete(vehicleImages).where(inArray(vehicleImages.vehicleId, owned)).returning();
        const removedVehicles = await tx
          .update(vehicles)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(vehicles.ownerId, userId), isNull(vehicles.deletedAt)))
          .returning({ id: vehicles.id });
        // Damage claims keep their figures and words for the other party; the person's photos go.
        const claimed = await tx
          .select({ ownerId: damageClaims.ownerId, photos: damageClaims.photos, answerPhotos: damageClaims.answerPhotos })
          .from(damageClaims)
          .where(or(eq(damageClaims.ownerId, userId), eq(damageClaims.renterId, userId)));
        const claimPhotos = claimed.flatMap((c) => (c.ownerId === userId ? c.photos : c.answerPhotos));
        await tx.update(damageClaims).set({ photos: [] }).where(eq(damageClaims.ownerId, userId));
        await tx.update(damageClaims).set({ answerPhotos: [] }).where(eq(damageClaims.renterId, userId));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx.delete(favourites).where(eq(favourites.userId, userId));
        await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
        await tx.delete(verifiedEmails).where(eq(verifiedEmails.userId, userId));
        await tx.delete(mailOptOuts).where(eq(mailOptOuts.userId, userId));
        // Mail already written keeps its record (kind, status) but not the address or the words.
        await tx
          .update(mailOutbox)
          .set({ toAddress: '', subject: '', html: '', text: '', data: null })
          .where(and(eq(mailOutbox.userId, userId), ne(mailOutbox.status, 'queued')));
        const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
        await recordAudit(tx, {
          ...context,
          action: 'account.delete',
          target: { type: 'user', id: userId },
          details: { vehiclesRemoved: removedVehicles.length, sessionsEnded: ended.length },
          occurredAt: now,
        });
        return { endedSessions: ended.map((s) => s.id), removedImages: [...images, ...claimPhotos] };
      });
      // After the commit: the sessions' open hub connections close (every instance), the photos go.
      await endSessions(endedSessions).catch((error: unknown) => onError(error, 'account deletion: ending realtime connections'));
      await deleteObjectsQuietly(store, keysOfImages(removedImages), (error) => onError(error, 'account deletion: removing images'));
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
