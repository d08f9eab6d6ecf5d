/**
 * IBANs (ISO 13616): a country code, two check digits and a national account number whose length
 * the country fixes. Shared by the withdraw form and the server, so both refuse the same numbers.
 */

/** Length of a full IBAN per country, from the SWIFT IBAN registry. */
// prettier-ignore
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

export type IbanRefusalReason = 'empty' | 'characters' | 'country' | 'length' | 'checksum';

export type IbanCheck = { ok: true; iban: string } | { ok: false; reason: IbanRefusalReason; message: string };

export const IbanMessages = {
  empty: 'IBAN is required.',
  characters: 'An IBAN has letters and digits only, starting with a country code and two check digits (like DE89 3704 …).',
  country: 'This IBAN does not start with a known country code.',
  checksum: 'This IBAN is not valid: check it for typos.',
} as const;

/** 'de89 3704 0044…' -> 'DE893704…': spaces (and the dashes some banks print) dropped, upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The ISO 7064 mod-97-10 remainder of an IBAN whose first four characters moved to its end. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // A letter counts as two digits (A = 10 ... Z = 35).
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Checks an IBAN as typed (spaces allowed): characters, country, the country's length, mod-97. */
export function checkIban(value: string): IbanCheck {
  const iban = normalizeIban(value);
  if (iban === '') return { ok: false, reason: 'empty', message: IbanMessages.empty };
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { ok: false, reason: 'characters', message: IbanMessages.characters };
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return { ok: false, reason: 'country', message: IbanMessages.country };
  if (iban.length !== length) {
    return {
      ok: false,
      reason: 'length',
      message: `An IBAN from ${iban.slice(0, 2)} has ${length} characters; this one has ${iban.length}.`,
    };
  }
  if (mod97(iban) !== 1) return { ok: false, reason: 'checksum', message: IbanMessages.checksum };
  return { ok: true, iban };
}

/** The check digits that make `country + ?? + bban` a valid IBAN (test data, demo data). */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(`${country}00${bban}`);
  return String(98 - remainder).padStart(2, '0');
}

/** The last four characters, the part of an account number people recognise. */
export function ibanLast4(iban: string): string {
  return normalizeIban(iban).slice(-4);
}

/**
 * What is kept and shown of an IBAN: the country and the last four characters, nothing else (not
 * even its length): 'DE•• •••• 3000'.
 */
export function maskIban(iban: string): string {
  const normalized = normalizeIban(iban);
  return `${normalized.slice(0, 2)}•• •••• ${normalized.slice(-4)}`;
}

/** '…' grouped in fours as banks print it (the form formats what is typed). */
export function groupIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
