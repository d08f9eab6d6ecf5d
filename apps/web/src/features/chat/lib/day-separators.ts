/** The viewer's calendar day of a timestamp ('2026-11-23'), in the browser's time zone. */
function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * The label of the separator above a day's first message: 'Today', 'Yesterday', or the date in the
 * viewer's locale ('Monday, 23 November'; the year only when it is not this year's).
 */
export function dayLabel(
  iso: string,
  now: Date = new Date(),
  words: { today: string; yesterday: string } = { today: 'Today', yesterday: 'Yesterday' },
  /** The page's language for the date (Intl tag); the browser's when undefined. */
  locale?: string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (localDayKey(date) === localDayKey(now)) return words.today;
  if (localDayKey(date) === localDayKey(yesterday)) return words.yesterday;
  return date.toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** Whether a message starts a new day compared with the one before it (the first always does). */
export function startsNewDay(previousIso: string | undefined, iso: string): boolean {
  if (previousIso === undefined) return true;
  const previous = new Date(previousIso);
  const current = new Date(iso);
  if (Number.isNaN(previous.getTime()) || Number.isNaN(current.getTime())) return false;
  return localDayKey(previous) !== localDayKey(current);
}
