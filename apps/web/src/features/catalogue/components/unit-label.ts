/** How a unit enum name reads on screen ('KmPerHour' -> 'km/h'); unknown names show as they are. */
const UNIT_LABELS: Record<string, string> = {
  None: 'None',
  Kg: 'kg',
  Km: 'km',
  M: 'm',
  cm: 'cm',
  cc: 'cc',
  L: 'L',
  ml: 'ml',
  kW: 'kW',
  hp: 'hp',
  Wh: 'Wh',
  KmPerHour: 'km/h',
  LPer100Km: 'L/100 km',
  In: 'in',
};

export function unitLabel(unit: string): string {
  return UNIT_LABELS[unit] ?? unit;
}
