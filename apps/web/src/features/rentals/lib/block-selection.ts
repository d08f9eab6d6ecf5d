import { daysInPeriod } from '@rentdrive/domain/booking';
import type { IsoDay } from '@rentdrive/domain/dates';

export interface BlockSelection {
  blocked: ReadonlySet<IsoDay>;
  /** The last day clicked: a Shift+click applies its new state to every day between. */
  anchor: IsoDay | null;
}

/**
 * An owner's click on a day: a plain click blocks or unblocks that day; with Shift, every day from
 * the anchor to it takes the state the clicked day gets (a range blocked or freed in one go). Booked
 * days never change (they cannot be blocked), nor do days outside the window.
 */
export function toggleBlockedDay(
  selection: BlockSelection,
  day: IsoDay,
  { shiftKey, booked, firstDay, lastDay }: { shiftKey: boolean; booked: ReadonlySet<IsoDay>; firstDay: IsoDay; lastDay: IsoDay },
): BlockSelection {
  if (booked.has(day) || day < firstDay || day > lastDay) return selection;
  const block = !selection.blocked.has(day);
  const range =
    shiftKey && selection.anchor
      ? daysInPeriod(selection.anchor < day ? selection.anchor : day, selection.anchor < day ? day : selection.anchor)
      : [day];
  const next = new Set(selection.blocked);
  for (const d of range) {
    if (booked.has(d) || d < firstDay || d > lastDay) continue;
    if (block) next.add(d);
    else next.delete(d);
  }
  return { blocked: next, anchor: day };
}

/** Blocks (or unblocks) every free day from `from` to `to`, inclusive; the typed-range alternative to Shift+click. */
export function setRange(
  blocked: ReadonlySet<IsoDay>,
  from: IsoDay,
  to: IsoDay,
  block: boolean,
  { booked, firstDay, lastDay }: { booked: ReadonlySet<IsoDay>; firstDay: IsoDay; lastDay: IsoDay },
): Set<IsoDay> {
  const next = new Set(blocked);
  const start = from < firstDay ? firstDay : from;
  const end = to > lastDay ? lastDay : to;
  if (start > end) return next;
  for (const d of daysInPeriod(start, end)) {
    if (booked.has(d)) continue;
    if (block) next.add(d);
    else next.delete(d);
  }
  return next;
}
