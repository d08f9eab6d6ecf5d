import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Tx } from '../../db/client';
import { damageClaims, rentals, users, vehicles } from '../../db/schema/index';
import { mailLocale, type MailTranslate } from './mail-i18n';
import { defineMail, mailDay, mailMoney, type MailContext, type MailDraft } from './mail-kinds';
import { MailMessages, type MailMessage } from './mail-messages';
import type { MailRecipient, MailService } from './mail.service';

/**
 * The texts of the damage claim mail (issue 27), in the `api` catalogue like the other mail texts.
 * `{amount}` is the sum claimed, `{deposit}` the deposit held, `{paid}` what the owner receives and
 * `{refund}` what goes back to the renter, each formatted in the recipient's language.
 */
export const ClaimMailMessages = {
  openedSubject: /*i18n*/ { id: 'mail.claimOpenedSubject', message: 'Damage reported on your rental of the {vehicle}' },
  openedBody: /*i18n*/ {
    id: 'mail.claimOpenedBody',
    message:
      '{owner} reported damage on the {vehicle} you rented from {start} to {end} and claims {amount} of your deposit of {deposit}. You can answer with text and photos in My Rentals; our team then decides how the deposit is split.',
  },
  openedDescription: /*i18n*/ { id: 'mail.claimOpenedDescription', message: 'What the owner reports: {description}' },
  answeredSubject: /*i18n*/ { id: 'mail.claimAnsweredSubject', message: '{renter} answered your damage claim on the {vehicle}' },
  answeredBody: /*i18n*/ {
    id: 'mail.claimAnsweredBody',
    message:
      '{renter} answered your claim of {amount} on the {vehicle} (rented from {start} to {end}). Our team now decides how the deposit of {deposit} is split; you will hear from us.',
  },
  decidedRenterSubject: /*i18n*/ { id: 'mail.claimDecidedRenterSubject', message: 'The damage claim on the {vehicle} was decided' },
  decidedRenterBody: /*i18n*/ {
    id: 'mail.claimDecidedRenterBody',
    message:
      'Our team decided the damage claim on the {vehicle}: {refund} of your deposit of {deposit} is back in your wallet and {paid} went to the owner. Reason: {reason}',
  },
  decidedOwnerSubject: /*i18n*/ { id: 'mail.claimDecidedOwnerSubject', message: 'Your damage claim on the {vehicle} was decided' },
  decidedOwnerBody: /*i18n*/ {
    id: 'mail.claimDecidedOwnerBody',
    message:
      'Our team decided your claim of {amount} on the {vehicle}: you receive {paid} in your wallet and {refund} of the deposit goes back to the renter. Reason: {reason}',
  },
} as const;

/** What a claim mail stores (ADR 020): facts, not words; the words come at delivery. */
interface ClaimValues {
  vehicle: string;
  owner: string;
  renter: string;
  startDate: string;
  endDate: string;
  amountCents: number;
  depositCents: number;
  description: string;
  /** Set once decided. */
  paidCents?: number;
  reason?: string;
}

function words(locale: MailContext['locale'], v: ClaimValues) {
  const paid = v.paidCents ?? 0;
  return {
    vehicle: v.vehicle,
    owner: v.owner,
    renter: v.renter,
    start: mailDay(locale, v.startDate),
    end: mailDay(locale, v.endDate),
    amount: mailMoney(locale, v.amountCents),
    deposit: mailMoney(locale, v.depositCents),
    paid: mailMoney(locale, paid),
    refund: mailMoney(locale, v.depositCents - paid),
    reason: v.reason ?? '',
    description: v.description,
  };
}

type Side = 'renter' | 'owner';
/**
 * The renter's claim mail goes with 'rental-completed' in Settings → Notifications and the owner's with
 * 'rental-completed-owner': a claim follows a completed rental.
 */
const frames: Record<Side, { button: MailMessage; path: string; why: MailMessage; preference: string }> = {
  renter: {
    button: MailMessages.rentalsButton,
    path: WebPaths.profile.rentals,
    why: MailMessages.renterWhy,
    preference: 'rental-completed',
  },
  owner: {
    button: MailMessages.vehiclesButton,
    path: WebPaths.profile.vehicles,
    why: MailMessages.ownerWhy,
    preference: 'rental-completed-owner',
  },
};

function claimKind(kind: string, side: Side, subject: MailMessage, body: MailMessage, after?: MailMessage) {
  const frame = frames[side];
  return defineMail<ClaimValues>(kind, {
    security: false,
    preference: frame.preference,
    build: (t: MailTranslate, v, { origin, productName, locale }): MailDraft => {
      const values = words(locale, v);
      return {
        subject: t(subject, values),
        paragraphs: [t(body, values), ...(after ? [t(after, values)] : [])],
        button: { label: t(frame.button), url: `${origin}${frame.path}` },
        why: t(frame.why, { product: productName }),
      };
    },
  });
}

const M = ClaimMailMessages;
export const claimOpenedMail = claimKind('claim-opened', 'renter', M.openedSubject, M.openedBody, M.openedDescription);
export const claimAnsweredMail = claimKind('claim-answered', 'owner', M.answeredSubject, M.answeredBody);
export const claimDecidedMail = claimKind('claim-decided', 'renter', M.decidedRenterSubject, M.decidedRenterBody);
export const claimDecidedOwnerMail = claimKind('claim-decided-owner', 'owner', M.decidedOwnerSubject, M.decidedOwnerBody);

const owners = alias(users, 'claim_mail_owners');

/**
 * Damage claim mail (issue 27): written in the transaction of the claim's event, beside its
 * notification, so an action that rolls back sends nothing. The renter hears of the claim and of the
 * decision; the owner of the answer and of the decision. For a company vehicle the owner is the company
 * account: its address gets the owner's mail (its employees see the claim in Manage → Claims).
 */
export function createClaimMail({ mail, origin }: { mail: Pick<MailService, 'compose'>; origin: string }) {
  async function factsOf(tx: Tx, claimId: string) {
    const [f] = await tx
      .select({
        claim: damageClaims,
        startDate: rentals.startDate,
        endDate: rentals.endDate,
        depositCents: rentals.depositCents,
        make: vehicles.make,
        model: vehicles.model,
        renterId: users.id,
        renterName: users.username,
        renterEmail: users.email,
        renterLanguage: users.language,
        renterDeletedAt: users.deletedAt,
        ownerId: owners.id,
        ownerName: owners.username,
        ownerEmail: owners.email,
        ownerLanguage: owners.language,
        ownerDeletedAt: owners.deletedAt,
      })
      .from(damageClaims)
      .innerJoin(rentals, eq(rentals.id, damageClaims.rentalId))
      .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
      .innerJoin(users, eq(users.id, damageClaims.renterId))
      .innerJoin(owners, eq(owners.id, damageClaims.ownerId))
      .where(eq(damageClaims.id, claimId))
      .limit(1);
    if (!f) throw new Error(`claim mail: claim ${claimId} not found in its own transaction`);
    const c = f.claim;
    const values: ClaimValues = {
      vehicle: `${f.make} ${f.model}`,
      owner: f.ownerName,
      renter: f.renterName,
      startDate: String(f.startDate),
      endDate: String(f.endDate),
      amountCents: c.amountCents,
      depositCents: f.depositCents,
      description: c.description,
      ...(c.ownerPaidCents !== null && { paidCents: c.ownerPaidCents }),
      ...(c.decisionReason !== null && { reason: c.decisionReason }),
    };
    // A deleted account has no address left to write to.
    const renter: MailRecipient | undefined = f.renterDeletedAt
      ? undefined
      : { userId: f.renterId, address: f.renterEmail, username: f.renterName, locale: mailLocale(f.renterLanguage) };
    const owner: MailRecipient | undefined = f.ownerDeletedAt
      ? undefined
      : { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: mailLocale(f.ownerLanguage) };
    return { values, renter, owner };
  }

  return {
    /** The owner (or an employee for a company vehicle) opened a claim: the renter hears. */
    async opened(tx: Tx, claimId: string): Promise<void> {
      const f = await factsOf(tx, claimId);
      if (f.renter) await mail.compose(tx, origin, f.renter, claimOpenedMail, f.values);
    },

    /** The renter answered: the owner hears (for a company vehicle, the company's address). */
    async answered(tx: Tx, claimId: string): Promise<void> {
      const f = await factsOf(tx, claimId);
      if (f.owner) await mail.compose(tx, origin, f.owner, claimAnsweredMail, f.values);
    },

    /** An employee decided: both parties hear what they get and why (call after the decision is written). */
    async decided(tx: Tx, claimId: string): Promise<void> {
      const f = await factsOf(tx, claimId);
      if (f.renter) await mail.compose(tx, origin, f.renter, claimDecidedMail, f.values);
      if (f.owner) await mail.compose(tx, origin, f.owner, claimDecidedOwnerMail, f.values);
    },
  };
}
export type ClaimMail = ReturnType<typeof createClaimMail>;
