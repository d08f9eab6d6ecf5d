/**
 * Where a wallet's money came from decides where it may go (ADR 005, follow-up): earned money may be
 * withdrawn to a bank account, card money only refunded to its card. These pure rules say which
 * buckets a payment or a refund to card takes; the wallet service applies them under the wallet's lock.
 */

/** A card top-up with money left, in the order it was made (oldest first). */
export interface OpenCardFund {
  id: string;
  remainingCents: number;
}

export type FundTake = { bucket: 'earned'; amountCents: number } | { bucket: 'card'; cardFundId: string; amountCents: number };

/**
 * A payment (a rent) spends card money first, oldest top-up first, then earned money. Card money can
 * only ever be spent or go back to its card, while earned money can also be withdrawn: spending card
 * money first keeps the most money withdrawable, and oldest first leaves the newest top-ups for a
 * refund to card (newest first), whose charges are the likeliest to be still refundable. Answers the
 * takes (each positive) summing to `amountCents`, or undefined when the wallet cannot cover it.
 */
export function allocatePayment(funds: readonly OpenCardFund[], withdrawableCents: number, amountCents: number): FundTake[] | undefined {
  assertCents(amountCents);
  const takes: FundTake[] = [];
  let left = amountCents;
  for (const fund of funds) {
    if (left === 0) break;
    const take = Math.min(fund.remainingCents, left);
    if (take > 0) {
      takes.push({ bucket: 'card', cardFundId: fund.id, amountCents: take });
      left -= take;
    }
  }
  if (left > 0) {
    if (withdrawableCents < left) return undefined;
    takes.push({ bucket: 'earned', amountCents: left });
  }
  return takes;
}

/**
 * A refund to card takes the newest top-ups first (each refunded to the card it came from), so money
 * goes back the way it most recently came in. Answers the takes summing to `amountCents`, or undefined
 * when the top-ups left do not cover it.
 */
export function allocateCardRefund(
  funds: readonly OpenCardFund[],
  amountCents: number,
): { cardFundId: string; amountCents: number }[] | undefined {
  assertCents(amountCents);
  const takes: { cardFundId: string; amountCents: number }[] = [];
  let left = amountCents;
  for (let i = funds.length - 1; i >= 0 && left > 0; i--) {
    const fund = funds[i]!;
    const take = Math.min(fund.remainingCents, left);
    if (take > 0) {
      takes.push({ cardFundId: fund.id, amountCents: take });
      left -= take;
    }
  }
  return left === 0 ? takes : undefined;
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error(`Not a positive amount of cents: ${amountCents}`);
}
