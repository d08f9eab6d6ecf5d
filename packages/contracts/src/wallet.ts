import { z } from 'zod';
import { checkIban } from '@rentdrive/domain/iban';
import { hasAtMostTwoDecimals } from '@rentdrive/domain/money';
import { endpoint } from './endpoint';
import { TRANSACTION_TYPES } from './enums';
import { WalletPaths } from './paths/wallet';

/** Adding funds (a card top-up). Shared by the modal's form and the server, so both validate alike. */
export const WalletMessages = {
  amountRequired: 'Amount is required.',
  amountNotNumber: 'Enter an amount in euros, like 25.00.',
  amountMin: 'The amount must be at least 1.00€.',
  amountMax: 'The amount can be at most 10,000.00€.',
  amountDecimals: 'The amount can have at most 2 decimals.',
  cardNumberRequired: 'Card number is required.',
  cardNumberDigits: 'The card number may contain digits only.',
  cardNumberLength: 'The card number must have 12 to 16 digits.',
  cardNumberLuhn: 'The card number is not valid.',
  cardHolderRequired: 'Cardholder name is required.',
  cardHolderMax: 'Cardholder name must not exceed 100 characters.',
  expiryMonthRequired: 'Choose the expiry month.',
  expiryMonthInvalid: 'Expiry month must be between 01 and 12.',
  expiryYearRequired: 'Choose the expiry year.',
  expiryYearInvalid: 'Expiry year must be within the next 12 years.',
  expiryPast: 'The card has expired.',
  cvvInvalid: 'CVV must have 3 or 4 digits.',
  paymentDeclined: 'The card was declined. Please use another card.',
} as const;

export const ADD_FUNDS_MIN_EUROS = 1;
export const ADD_FUNDS_MAX_EUROS = 10_000;
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 16;
/** The expiry year list holds the current year and the next 11. */
export const EXPIRY_YEARS = 12;

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** '4111111111111111' -> '4111 1111 1111 1111' (the modal groups digits in fours as typed). */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

// Clients may send card fields as JSON numbers; a number keeps its digits, a string keeps leading zeros.
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/**
 * The add-funds body. `now` decides the expiry rules (the server passes its clock); the card number
 * arrives with or without spaces and leaves as digits only.
 */
export function makeAddFundsRequestSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      amount: z
        .number({ error: (issue) => (issue.input === undefined ? WalletMessages.amountRequired : WalletMessages.amountNotNumber) })
        .min(ADD_FUNDS_MIN_EUROS, WalletMessages.amountMin)
        .max(ADD_FUNDS_MAX_EUROS, WalletMessages.amountMax)
        .refine(hasAtMostTwoDecimals, WalletMessages.amountDecimals),
      cardNumber: z.preprocess(
        asText,
        z
          .string({ error: WalletMessages.cardNumberRequired })
          .transform((v) => v.replace(/\s+/g, ''))
          .pipe(
            z
              .string()
              .min(1, { message: WalletMessages.cardNumberRequired, abort: true })
              .regex(/^\d+$/, { message: WalletMessages.cardNumberDigits, abort: true })
              .min(CARD_NUMBER_MIN_DIGITS, { message: WalletMessages.cardNumberLength, abort: true })
              .max(CARD_NUMBER_MAX_DIGITS, { message: WalletMessages.cardNumberLength, abort: true })
              .refine(passesLuhn, WalletMessages.cardNumberLuhn),
          ),
      ),
      cardHolderName: z
        .string({ error: WalletMessages.cardHolderRequired })
        .trim()
        .min(1, WalletMessages.cardHolderRequired)
        .max(100, WalletMessages.cardHolderMax),
      expiryMonth: z
        .number({ error: (issue) => (issue.input === undefined ? WalletMessages.expiryMonthRequired : WalletMessages.expiryMonthInvalid) })
        .int(WalletMessages.expiryMonthInvalid)
        .min(1, WalletMessages.expiryMonthInvalid)
        .max(12, WalletMessages.expiryMonthInvalid),
      expiryYear: z
        .number({ error: (issue) => (issue.input === undefined ? WalletMessages.expiryYearRequired : WalletMessages.expiryYearInvalid) })
        .int(WalletMessages.expiryYearInvalid)
        .refine((year) => {
          const current = now().getUTCFullYear();
          return year >= current && year < current + EXPIRY_YEARS;
        }, WalletMessages.expiryYearInvalid),
      cvv: z.preprocess(asText, z.string({ error: WalletMessages.cvvInvalid }).regex(/^\d{3,4}$/, WalletMessages.cvvInvalid)),
    })
    .refine(
      (v) => {
        // A card is valid through the last day of its expiry month.
        const date = now();
        const current = date.getUTCFullYear() * 12 + date.getUTCMonth();
        return v.expiryYear * 12 + (v.expiryMonth - 1) >= current;
      },
      { message: WalletMessages.expiryPast, path: ['expiryMonth'] },
    );
}

export const AddFundsRequestSchema = makeAddFundsRequestSchema();
export type AddFundsRequest = z.infer<typeof AddFundsRequestSchema>;

/** One row of the wallet's transaction history; amount in euros, signed (payments negative). */
export const WalletTransactionSchema = z.object({
  id: z.string().uuid(),
  createdOn: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  /** Withdrawals only: the bank account paid, masked ('DE•• •••• 3000'). */
  payoutAccount: z.string().optional(),
  /** Refunds to card only (in the answer to the refund): the cards refunded, masked ('•••• 4242'). */
  refundedCards: z.array(z.string()).optional(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

/** GET /api/wallettransaction/history: newest first. */
export const WalletHistoryResponseSchema = z.array(WalletTransactionSchema);
export type WalletHistoryResponse = z.infer<typeof WalletHistoryResponseSchema>;

/** POST /api/wallet/add-funds answers the new history item (type Deposit). */
export const AddFundsResponseSchema = WalletTransactionSchema;
export type AddFundsResponse = WalletTransaction;

/** The header an add-funds or rent request may carry so a retry never pays twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Withdrawing earnings to a bank account. Shared by the modal's form and the server. */
export const WithdrawMessages = {
  amountRequired: 'Amount is required.',
  amountNotNumber: 'Enter an amount in euros, like 25.00.',
  amountMin: 'The amount must be at least 10.00€.',
  amountMax: 'The amount can be at most 1,000,000.00€.',
  amountDecimals: 'The amount can have at most 2 decimals.',
  accountHolderRequired: 'Account holder is required.',
  accountHolderMax: 'Account holder must not exceed 100 characters.',
  insufficientFunds:
    'Insufficient funds: you can withdraw at most the amount available to withdraw. Money added by card can only be refunded to that card.',
  payoutRefused: 'The bank refused the transfer. Please check the account or use another one.',
} as const;

export const WITHDRAW_MIN_EUROS = 10;
export const WITHDRAW_MAX_EUROS = 1_000_000;

/** The withdraw body. The IBAN arrives as typed (spaces allowed) and leaves normalized ('DE89370400…'). */
export const WithdrawRequestSchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? WithdrawMessages.amountRequired : WithdrawMessages.amountNotNumber) })
    .min(WITHDRAW_MIN_EUROS, WithdrawMessages.amountMin)
    .max(WITHDRAW_MAX_EUROS, WithdrawMessages.amountMax)
    .refine(hasAtMostTwoDecimals, WithdrawMessages.amountDecimals),
  accountHolder: z
    .string({ error: WithdrawMessages.accountHolderRequired })
    .trim()
    .min(1, WithdrawMessages.accountHolderRequired)
    .max(100, WithdrawMessages.accountHolderMax),
  iban: z.string({ error: 'IBAN is required.' }).transform((value, ctx) => {
    const check = checkIban(value);
    if (check.ok) return check.iban;
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  }),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

/** POST /api/wallet/withdraw answers the new history item (type Withdraw, amount negative). */
export const WithdrawResponseSchema = WalletTransactionSchema;
export type WithdrawResponse = WalletTransaction;

/** Sending card money back to the card it came from. Shared by the dialog's form and the server. */
export const RefundToCardMessages = {
  amountRequired: 'Amount is required.',
  amountNotNumber: 'Enter an amount in euros, like 25.00.',
  amountMin: 'The amount must be at least 0.01€.',
  amountMax: 'The amount can be at most 1,000,000.00€.',
  amountDecimals: 'The amount can have at most 2 decimals.',
  insufficientFunds: 'You can refund at most your card top-ups not yet spent (Refundable to card).',
  refundRefused: 'The card refund was refused. Please try again later.',
} as const;

export const REFUND_TO_CARD_MIN_EUROS = 0.01;
export const REFUND_TO_CARD_MAX_EUROS = 1_000_000;

/** POST /api/wallet/refund-to-card body (with an optional Idempotency-Key header). */
export const RefundToCardRequestSchema = z.object({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? RefundToCardMessages.amountRequired : RefundToCardMessages.amountNotNumber) })
    .min(REFUND_TO_CARD_MIN_EUROS, RefundToCardMessages.amountMin)
    .max(REFUND_TO_CARD_MAX_EUROS, RefundToCardMessages.amountMax)
    .refine(hasAtMostTwoDecimals, RefundToCardMessages.amountDecimals),
});
export type RefundToCardRequest = z.infer<typeof RefundToCardRequestSchema>;

/** POST /api/wallet/refund-to-card answers the new history item (type 'Refund to Card', amount negative, refundedCards). */
export const RefundToCardResponseSchema = WalletTransactionSchema;
export type RefundToCardResponse = WalletTransaction;

/** The signed-in user's wallet. The money moves take an Idempotency-Key header. */
export const Wallet = {
  /** The server checks card expiry against its own clock: it registers the body of makeAddFundsRequestSchema(its clock). */
  addFunds: endpoint('POST', WalletPaths.addFunds, { body: AddFundsRequestSchema, response: { 200: AddFundsResponseSchema } }),
  withdraw: endpoint('POST', WalletPaths.withdraw, { body: WithdrawRequestSchema, response: { 200: WithdrawResponseSchema } }),
  refundToCard: endpoint('POST', WalletPaths.refundToCard, {
    body: RefundToCardRequestSchema,
    response: { 200: RefundToCardResponseSchema },
  }),
  history: endpoint('GET', WalletPaths.history, { response: { 200: WalletHistoryResponseSchema } }),
};
