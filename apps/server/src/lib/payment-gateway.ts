import { createHash } from 'node:crypto';

/** What the wallet hands the card processor. Only the gateway ever sees the full card. */
export interface CardCharge {
  amountCents: number;
  cardNumber: string;
  cardHolderName: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  /** Passed on so a real processor also charges at most once per key. */
  idempotencyKey?: string;
}

export type ChargeResult = { approved: true; reference: string } | { approved: false; reason: string };

/** What the wallet hands the gateway to pay a withdrawal out. Only the gateway sees the full IBAN. */
export interface Payout {
  amountCents: number;
  /** Normalized: no spaces, upper case, checksum already verified. */
  iban: string;
  accountHolder: string;
  /** Passed on so a real processor also pays at most once per key. */
  idempotencyKey?: string;
}

export type PayoutResult = { paid: true; reference: string } | { paid: false; reason: string };

/** Card money sent back to the card of one earlier charge (part of it or all of it). */
export interface CardRefund {
  amountCents: number;
  /** The charge's reference as charge() answered it; absent for top-ups recorded before references were kept. */
  chargeReference?: string;
  cardLast4?: string;
  /** Passed on so a real processor also refunds at most once per key. */
  idempotencyKey?: string;
}

export type CardRefundResult = { refunded: true; reference: string } | { refunded: false; reason: string };

/** The interface between the wallet and the payment network: card top-ups in (and back), bank transfers out. */
export interface PaymentGateway {
  charge(charge: CardCharge): Promise<ChargeResult>;
  payout(payout: Payout): Promise<PayoutResult>;
  refund(refund: CardRefund): Promise<CardRefundResult>;
}

/** The test card that is always declined, so the refusal path can be tried by hand and in tests. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** The test IBAN whose payouts the bank always refuses (valid checksum, so it passes the form). */
export const REFUSED_TEST_IBAN = 'DE79000000000000000002';

function testReference(idempotencyKey: string | undefined): string {
  const seed = idempotencyKey ?? `${Date.now()}-${Math.random()}`;
  return `test_${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`;
}

/**
 * The built-in gateway: approves every card that passed validation except the declined test card,
 * pays out to every valid IBAN except the refused test IBAN, and refunds every charge. It keeps nothing; its reference is
 * derived from the key so retries see the same one.
 */
export class TestPaymentGateway implements PaymentGateway {
  charge(charge: CardCharge): Promise<ChargeResult> {
    if (charge.cardNumber === DECLINED_TEST_CARD) {
      return Promise.resolve({ approved: false, reason: 'The card was declined by the issuer. Please use another card.' });
    }
    return Promise.resolve({ approved: true, reference: testReference(charge.idempotencyKey) });
  }

  payout(payout: Payout): Promise<PayoutResult> {
    if (payout.iban === REFUSED_TEST_IBAN) {
      return Promise.resolve({ paid: false, reason: 'The bank refused the transfer to this account. Please use another account.' });
    }
    return Promise.resolve({ paid: true, reference: testReference(payout.idempotencyKey) });
  }

  refund(refund: CardRefund): Promise<CardRefundResult> {
    return Promise.resolve({ refunded: true, reference: testReference(refund.idempotencyKey) });
  }
}
