/** Enumerations served by /api/base/*. Ids are the wire ids; names travel as strings. */
export const FUEL_TYPES = ['None', 'Petrol', 'Diesel', 'Electric', 'Hybrid', 'LPG', 'Hydrogen'] as const;
export type FuelTypeName = (typeof FUEL_TYPES)[number];

export const VALUE_TYPES = ['String', 'Int', 'Double', 'Boolean'] as const;
export type ValueTypeName = (typeof VALUE_TYPES)[number];

export const UNITS = ['None', 'Kg', 'Km', 'M', 'cm', 'cc', 'L', 'ml', 'kW', 'hp', 'Wh', 'KmPerHour', 'LPer100Km', 'In'] as const;
export type UnitName = (typeof UNITS)[number];

/** 'Refund to Card': card money sent back to the card it came from (negative). */
export const TRANSACTION_TYPES = [
  'Deposit',
  'Withdraw',
  'Rental Payment',
  'Rental Profit',
  'Company Rental Fee Profit',
  'Refund',
  'Refund to Card',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Enum list items as the wire carries them: [{id, name}]. */
export function enumItems<T extends readonly string[]>(names: T): { id: number; name: T[number] }[] {
  return names.map((name, id) => ({ id, name }));
}

/**
 * Accepts an enum as its name (case-insensitive) or its id (number or numeric string); returns the
 * id, or undefined when it is neither.
 */
export function parseEnum(names: readonly string[], value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < names.length) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) return parseEnum(names, Number(trimmed));
    const index = names.findIndex((n) => n.toLowerCase() === trimmed.toLowerCase());
    return index >= 0 ? index : undefined;
  }
  return undefined;
}
