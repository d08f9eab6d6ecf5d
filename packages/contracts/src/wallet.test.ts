import { describe, expect, it } from 'vitest';
import { groupCardNumber, makeAddFundsRequestSchema, passesLuhn, WalletMessages } from './wallet';

const schema = makeAddFundsRequestSchema(() => new Date('2026-06-15T12:00:00Z'));
const valid = {
  amount: 100,
  cardHolderName: 'Alice Doe',
  cardNumber: '4242 4242 4242 4242',
  cvv: '123',
  expiryMonth: 12,
  expiryYear: 2027,
};

function messages(body: Record<string, unknown>): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('add-funds request', () => {
  it('accepts a valid card and strips the spaces from its number', () => {
    expect(schema.parse(valid).cardNumber).toBe('4242424242424242');
  });
  it('checks the amount: at least 1, at most 10,000, 2 decimals', () => {
    expect(messages({ ...valid, amount: 0 })).toEqual([WalletMessages.amountMin]);
    expect(messages({ ...valid, amount: 10_001 })).toEqual([WalletMessages.amountMax]);
    expect(messages({ ...valid, amount: 10.005 })).toEqual([WalletMessages.amountDecimals]);
    expect(messages({ ...valid, amount: 10_000 })).toEqual([]);
    expect(messages({ ...valid, amount: 19.99 })).toEqual([]);
  });
  it('says whether the amount is missing or not a number', () => {
    expect(messages({ ...valid, amount: undefined })).toEqual([WalletMessages.amountRequired]);
    expect(messages({ ...valid, amount: Number.NaN })).toEqual(['Enter an amount in euros, like 25.00.']);
    expect(messages({ ...valid, amount: 'abc' })).toEqual(['Enter an amount in euros, like 25.00.']);
  });
  it('asks to choose an expiry month and year that are missing', () => {
    expect(messages({ ...valid, expiryMonth: undefined })).toEqual(['Choose the expiry month.']);
    expect(messages({ ...valid, expiryYear: undefined })).toEqual(['Choose the expiry year.']);
  });
  it('checks the card number: digits, at most 16, Luhn', () => {
    expect(messages({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual([WalletMessages.cardNumberLuhn]);
    expect(messages({ ...valid, cardNumber: '4242-4242-4242-4242' })).toEqual([WalletMessages.cardNumberDigits]);
    expect(messages({ ...valid, cardNumber: '42424242424242424' })).toContain(WalletMessages.cardNumberLength);
  });
  it('refuses an expired card and a year outside the 12-year list', () => {
    expect(messages({ ...valid, expiryYear: 2026, expiryMonth: 5 })).toEqual([WalletMessages.expiryPast]);
    expect(messages({ ...valid, expiryYear: 2026, expiryMonth: 6 })).toEqual([]);
    expect(messages({ ...valid, expiryYear: 2038 })).toEqual([WalletMessages.expiryYearInvalid]);
    expect(messages({ ...valid, expiryMonth: 13 })).toEqual([WalletMessages.expiryMonthInvalid]);
  });
  it('needs a holder name and a 3-4 digit CVV', () => {
    expect(messages({ ...valid, cardHolderName: '  ' })).toEqual([WalletMessages.cardHolderRequired]);
    expect(messages({ ...valid, cvv: '12' })).toEqual([WalletMessages.cvvInvalid]);
    expect(messages({ ...valid, cvv: '0123' })).toEqual([]);
  });
});

describe('card helpers', () => {
  it('knows Luhn', () => {
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000003')).toBe(false);
  });
  it('groups digits in fours', () => {
    expect(groupCardNumber('42424242x4242')).toBe('4242 4242 4242');
    expect(groupCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
  });
});
