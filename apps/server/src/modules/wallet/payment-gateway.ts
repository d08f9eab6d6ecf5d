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

/** The interface between the wallet and the card network, for top-ups. */
export interface PaymentGateway {
  charge(charge: CardCharge): Promise<ChargeResult>;
}

/** The test card that is always declined, so the refusal path can be tried by hand and in tests. */
export const DECLINED_TEST_CARD = '4000000000000002';

/**
 * The built-in gateway: approves every card that passed validation except the declined test card.
 * It keeps nothing; its reference is derived from the key so retries see the same one.
 */
export class TestPaymentGateway implements PaymentGateway {
  async charge(charge: CardCharge): Promise<ChargeResult> {
    if (charge.cardNumber === DECLINED_TEST_CARD) {
      return { approved: false, reason: 'The card was declined by the issuer. Please use another card.' };
    }
    const seed = charge.idempotencyKey ?? `${Date.now()}-${Math.random()}`;
    return { approved: true, reference: `test_${createHash('sha256').update(seed).digest('hex').slice(0, 16)}` };
  }
}
