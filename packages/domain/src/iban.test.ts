import { describe, expect, it } from 'vitest';
import { checkIban, groupIban, IBAN_LENGTHS, ibanCheckDigits, ibanLast4, maskIban, normalizeIban } from './iban';

describe('checkIban', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['gb82 west 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
    ['NO93-8601-1117-947', 'NO9386011117947'],
  ])('accepts %s as typed (spaces, dashes, lower case)', (typed, iban) => {
    expect(checkIban(typed)).toEqual({ ok: true, iban });
  });

  it('refuses a changed digit or two swapped digits by the mod-97 checksum', () => {
    expect(checkIban('DE89 3704 0044 0532 0130 01')).toMatchObject({ ok: false, reason: 'checksum' });
    expect(checkIban('DE89 3704 0044 0523 0130 00')).toMatchObject({ ok: false, reason: 'checksum' });
  });

  it("refuses a length other than the country's, saying both", () => {
    const check = checkIban('DE89 3704 0044 0532 0130 0');
    expect(check).toMatchObject({ ok: false, reason: 'length' });
    expect(!check.ok && check.message).toBe('An IBAN from DE has 22 characters; this one has 21.');
  });

  it('refuses an unknown country, other characters and nothing', () => {
    expect(checkIban('ZZ89 3704 0044 0532 0130 00')).toMatchObject({ ok: false, reason: 'country' });
    expect(checkIban('DE89 3704 0044 0532 0130 0!')).toMatchObject({ ok: false, reason: 'characters' });
    expect(checkIban('1234 5678')).toMatchObject({ ok: false, reason: 'characters' });
    expect(checkIban('   ')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('makes check digits every country length accepts', () => {
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      const bban = '1'.repeat(length - 4);
      expect(checkIban(`${country}${ibanCheckDigits(country, bban)}${bban}`)).toMatchObject({ ok: true });
    }
  });
});

describe('what is kept and shown of an IBAN', () => {
  it('masks everything but the country and the last four characters', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE•• •••• 3000');
    expect(maskIban('DE89 3704 0044 0532 0130 00')).not.toMatch(/89|3704|0532/);
    expect(ibanLast4('de89 3704 0044 0532 0130 00')).toBe('3000');
  });

  it('normalizes and groups in fours', () => {
    expect(normalizeIban(' de89-3704 0044 ')).toBe('DE8937040044');
    expect(groupIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
