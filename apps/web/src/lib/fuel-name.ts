import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Fuel names in the shown language. The API carries fuels by their English names ('Petrol'), and those
 * stay the values a filter or a form sends back; only what a person reads goes through here.
 */
const FUEL_NAMES: Record<string, MessageDescriptor> = {
  none: msg`None`,
  petrol: msg`Petrol`,
  diesel: msg`Diesel`,
  electric: msg`Electric`,
  hybrid: msg`Hybrid`,
  lpg: msg`LPG`,
  hydrogen: msg`Hydrogen`,
};

/** The fuel's name in the i18n's language; a name it does not know is shown as given. */
export function fuelName(i18n: I18n, name: string): string {
  // The English name is the wire's (its messages are not in English pages' first load).
  if (i18n.locale === 'en') return name;
  const descriptor = FUEL_NAMES[name.toLowerCase()];
  return descriptor ? i18n._(descriptor) : name;
}
