/**
 * How a unit enum name reads on screen ('KmPerHour' -> 'km/h'): one formatter for the vehicle page,
 * the vehicle form, the listing's facets and the catalogue. Names written as they read ('cc', 'kW',
 * 'Wh', ...) and unknown ones show as they are.
 */
const UNIT_LABELS: Record<string, string> = {
  Kg: 'kg',
  Km: 'km',
  M: 'm',
  In: 'in',
  KmPerHour: 'km/h',
  LPer100Km: 'L/100 km',
};

export function unitLabel(unit: string): string {
  return UNIT_LABELS[unit] ?? unit;
}

/** '100 km/h'; the value alone when the unit is 'None' (or missing). */
export function withUnit(value: string, unit: string | null | undefined): string {
  return unit && unit !== 'None' ? `${value} ${unitLabel(unit)}` : value;
}
