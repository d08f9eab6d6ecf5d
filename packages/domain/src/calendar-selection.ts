import { bookingWindow } from './booking';
import { addDays, type IsoDay } from './dates';

export interface SelectionContext {
  /** Today in the marketplace time zone. */
  today: IsoDay;
  /** Days already booked for the vehicle. */
  bookedDays: ReadonlySet<IsoDay> | readonly IsoDay[];
}

function isBooked(bookedDays: SelectionContext['bookedDays'], day: IsoDay): boolean {
  return bookedDays instanceof Set ? bookedDays.has(day) : (bookedDays as readonly IsoDay[]).includes(day);
}

/** Whether a calendar day can be picked: inside today..today + 6 months and not booked. */
export function isDaySelectable(day: IsoDay, context: SelectionContext): boolean {
  const window = bookingWindow(context.today);
  return day >= window.firstDay && day <= window.lastDay && !isBooked(context.bookedDays, day);
}

/**
 * Date selection, as a pure step: the first click starts the range; later clicks only extend
 * it by the next consecutive day after the last selected one; clicking a selected day trims the
 * selection (the last day removes itself, otherwise the selection is cut from that day onward).
 * Any other click leaves the selection as it was (same array back, so callers can skip a render).
 */
export function selectDay(selection: readonly IsoDay[], day: IsoDay, context: SelectionContext): readonly IsoDay[] {
  const index = selection.indexOf(day);
  if (index >= 0) return selection.slice(0, index);
  if (!isDaySelectable(day, context)) return selection;
  if (selection.length === 0) return [day];
  const last = selection[selection.length - 1]!;
  return day === addDays(last, 1) ? [...selection, day] : selection;
}
