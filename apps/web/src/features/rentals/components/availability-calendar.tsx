import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { addDays, type IsoDay } from '@rentdrive/domain/dates';
import { useFormat } from '../../../i18n/format';
import { monthOf, monthWeeks, shiftMonth, type MonthKey } from '../lib/month-grid';
import { CalendarLegend } from './calendar-legend';

export interface AvailabilityCalendarProps {
  /** First bookable day (today in the marketplace time zone). */
  today: IsoDay;
  /** Last bookable day (today + 6 months). */
  lastDay: IsoDay;
  bookedDays: ReadonlySet<IsoDay>;
  selectedDays?: readonly IsoDay[];
  /** Without it the calendar is read-only (the details page). */
  onDayClick?: (day: IsoDay, modifiers: { shiftKey: boolean }) => void;
  /** Names the calendar for assistive technology. */
  label: string;
  /**
   * 'renter' (default): taken days read 'Unavailable' (booked or blocked by the owner, renters are
   * not told which) and selected days are the renter's choice. 'owner': taken days are 'Booked' and
   * the selected days are the ones the owner blocks.
   */
  mode?: 'renter' | 'owner';
  /** Months shown side by side (2 on wide screens in the dialogs); the arrows still move by one. */
  months?: 1 | 2;
  /** When this day changes (a range typed in the date fields), its month comes into view. */
  showDay?: IsoDay;
}

type DayState = 'booked' | 'selected' | 'available' | 'outside';
type Mode = NonNullable<AvailabilityCalendarProps['mode']>;

/** What each mode calls a taken day and a selected one (legend and screen-reader text). */
export const CALENDAR_WORDS: Record<Mode, { booked: MessageDescriptor; selected: MessageDescriptor }> = {
  renter: { booked: msg`Unavailable`, selected: msg`Selected` },
  owner: { booked: msg`Booked`, selected: msg`Blocked` },
};

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * Month view of a vehicle's availability between today and six months ahead. Interactive days are
 * buttons in one tab stop (roving tabindex): arrows move by day/week, PageUp/PageDown by month,
 * Home/End to the week's ends. A button's name starts with its visible day number.
 */
export function AvailabilityCalendar({
  today,
  lastDay,
  bookedDays,
  selectedDays = [],
  onDayClick,
  label,
  mode = 'renter',
  months = 1,
  showDay,
}: AvailabilityCalendarProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const weekStartsOn = format.weekStartsOn;
  const monthText = (key: MonthKey) => format.dateWords(new Date(`${key}T00:00:00Z`), 'month');
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(lastDay);
  // The first of the visible months: never so late that the second would pass the window's end.
  const latestStart = months === 2 && lastMonth > firstMonth ? shiftMonth(lastMonth, -1) : lastMonth;
  const clampStart = (key: MonthKey) => (key > latestStart ? latestStart : key < firstMonth ? firstMonth : key);
  const [month, setMonth] = useState(() => clampStart(monthOf(selectedDays[0] ?? today)));
  const [shownDay, setShownDay] = useState(showDay);
  if (showDay !== shownDay) {
    // Adjusting state while rendering (React's pattern for following a prop): no effect, no flash.
    setShownDay(showDay);
    if (showDay) setMonth(clampStart(monthOf(showDay)));
  }
  const visibleMonths = months === 2 && month < lastMonth ? [month, shiftMonth(month, 1)] : [month];
  const lastVisible = visibleMonths[visibleMonths.length - 1]!;
  const [focusedDay, setFocusedDay] = useState<IsoDay>(selectedDays[0] ?? today);
  const buttons = useRef(new Map<IsoDay, HTMLButtonElement>());
  const focusAfterMove = useRef(false);
  const selected = new Set(selectedDays);
  const isInteractive = Boolean(onDayClick);

  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    buttons.current.get(focusedDay)?.focus();
  }, [focusedDay, month]);

  function stateOf(day: IsoDay): DayState {
    if (selected.has(day)) return 'selected';
    if (bookedDays.has(day)) return 'booked';
    if (day < today || day > lastDay) return 'outside';
    return 'available';
  }

  function moveFocus(day: IsoDay) {
    const clamped = day < today ? today : day > lastDay ? lastDay : day;
    focusAfterMove.current = true;
    setFocusedDay(clamped);
    const target = monthOf(clamped);
    if (target < month) setMonth(target);
    else if (target > lastVisible) setMonth(clampStart(shiftMonth(target, 1 - visibleMonths.length)));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: IsoDay) {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() - weekStartsOn + 7) % 7;
    let target: IsoDay | null = null;
    if (event.key in KEY_STEPS) target = addDays(day, KEY_STEPS[event.key] ?? 0);
    else if (event.key === 'Home') target = addDays(day, -weekday);
    else if (event.key === 'End') target = addDays(day, 6 - weekday);
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const shifted = shiftMonth(monthOf(day), event.key === 'PageUp' ? -1 : 1);
      const dayOfMonth = Math.min(Number(day.slice(8)), monthWeeks(shifted, weekStartsOn).flat().filter(Boolean).length);
      target = `${shifted.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
    }
    if (target === null) return;
    event.preventDefault();
    moveFocus(target);
  }

  function showMonth(next: string) {
    next = clampStart(next);
    setMonth(next);
    // Keep the roving tab stop inside the visible month.
    const candidate = next === firstMonth ? today : next;
    setFocusedDay(candidate > lastDay ? lastDay : candidate);
  }

  const isFocusedVisible = visibleMonths.includes(monthOf(focusedDay));
  const tabStop = isFocusedVisible ? focusedDay : month === firstMonth ? today : month;
  const arrowClasses =
    'rounded-control px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:text-slate-300';

  return (
    <div className={months === 2 ? 'w-full max-w-3xl' : 'w-full max-w-sm'} role="group" aria-label={label}>
      <div className={visibleMonths.length === 2 ? 'grid grid-cols-2 gap-6' : undefined}>
        {visibleMonths.map((shown, index) => (
          <div key={shown}>
            <div className="mb-2 flex items-center justify-between gap-2">
              {index === 0 ? (
                <button
                  type="button"
                  className={arrowClasses}
                  onClick={() => showMonth(shiftMonth(month, -1))}
                  disabled={month <= firstMonth}
                  aria-label={t`Previous month`}
                >
                  <span aria-hidden="true">‹</span>
                </button>
              ) : (
                <span aria-hidden="true" className="w-9" />
              )}
              <p className="text-base font-semibold text-slate-900" aria-live={index === 0 ? 'polite' : undefined}>
                {monthText(shown)}
              </p>
              {index === visibleMonths.length - 1 ? (
                <button
                  type="button"
                  className={arrowClasses}
                  onClick={() => showMonth(shiftMonth(month, 1))}
                  disabled={lastVisible >= lastMonth}
                  aria-label={t`Next month`}
                >
                  <span aria-hidden="true">›</span>
                </button>
              ) : (
                <span aria-hidden="true" className="w-9" />
              )}
            </div>
            <table className="w-full table-fixed border-collapse text-center text-sm">
              <caption className="sr-only">{`${label}, ${monthText(shown)}`}</caption>
              <thead>
                <tr>
                  {format.weekdays().map((weekday) => (
                    <th key={weekday.short} scope="col" className="pb-1 text-xs font-medium text-slate-600">
                      <abbr title={weekday.long} className="no-underline">
                        {weekday.short}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(shown, weekStartsOn).map((week, row) => (
                  <tr key={row}>
                    {week.map((day, cell) =>
                      day === null ? (
                        <td key={`empty-${cell}`} />
                      ) : (
                        <td key={day} className="p-0.5">
                          {isInteractive ? (
                            <DayButton
                              day={day}
                              state={stateOf(day)}
                              mode={mode}
                              isTabStop={day === tabStop}
                              register={(el) => {
                                if (el) buttons.current.set(day, el);
                                else buttons.current.delete(day);
                              }}
                              onClick={(event) => onDayClick?.(day, { shiftKey: event.shiftKey })}
                              onKeyDown={(event) => handleKeyDown(event, day)}
                            />
                          ) : (
                            <DayCell day={day} state={stateOf(day)} mode={mode} />
                          )}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      <CalendarLegend
        showSelected={isInteractive || selectedDays.length > 0}
        words={{ booked: i18n._(CALENDAR_WORDS[mode].booked), selected: i18n._(CALENDAR_WORDS[mode].selected) }}
        selectedSwatch={SELECTED_CLASSES[mode]}
      />
    </div>
  );
}

const STATE_CLASSES: Record<Exclude<DayState, 'selected'>, string> = {
  booked: 'bg-red-50 text-money-out line-through decoration-2',
  available: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-200',
  outside: 'text-slate-500',
};

/** A renter's selection is the accent; an owner's blocked days are dark, apart from the red booked ones. */
const SELECTED_CLASSES: Record<Mode, string> = {
  renter: 'bg-accent-700 text-white font-semibold',
  owner: 'bg-slate-700 text-white font-semibold',
};

const classesOf = (state: DayState, mode: Mode) => (state === 'selected' ? SELECTED_CLASSES[mode] : STATE_CLASSES[state]);

function stateText(state: DayState, mode: Mode, i18n: I18n): string {
  if (state === 'booked') return i18n._(CALENDAR_WORDS[mode].booked).toLowerCase();
  if (state === 'selected') return i18n._(CALENDAR_WORDS[mode].selected).toLowerCase();
  return state === 'outside' ? i18n._(msg`unavailable`) : i18n._(msg`available`);
}

/** '5 November 2026' without its day number (the cell shows it first): 'November 2026', 'November 2026' (de '5. November'). */
function useDayWords(): (day: IsoDay) => string {
  const format = useFormat();
  return (day) => format.dateWords(new Date(`${day}T00:00:00Z`), 'long').replace(/^\d+\.?\s/, '');
}

function DayCell({ day, state, mode }: { day: IsoDay; state: DayState; mode: Mode }) {
  const { i18n } = useLingui();
  const dayWords = useDayWords();
  return (
    <span className={`flex h-9 items-center justify-center rounded-control tabular-nums ${classesOf(state, mode)}`}>
      {Number(day.slice(8))}
      <span className="sr-only">{` ${dayWords(day)}, ${stateText(state, mode, i18n)}`}</span>
    </span>
  );
}

interface DayButtonProps {
  day: IsoDay;
  state: DayState;
  mode: Mode;
  isTabStop: boolean;
  register: (el: HTMLButtonElement | null) => void;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

function DayButton({ day, state, mode, isTabStop, register, onClick, onKeyDown }: DayButtonProps) {
  // aria-disabled (not disabled) keeps booked and past days reachable by the arrow keys.
  const isDisabled = state === 'booked' || state === 'outside';
  const { i18n } = useLingui();
  const dayWords = useDayWords();
  return (
    <button
      ref={register}
      type="button"
      tabIndex={isTabStop ? 0 : -1}
      aria-disabled={isDisabled || undefined}
      aria-pressed={state === 'selected'}
      onClick={isDisabled ? undefined : onClick}
      onKeyDown={onKeyDown}
      className={`flex h-9 w-full items-center justify-center rounded-control tabular-nums transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600 ${classesOf(state, mode)} ${isDisabled ? 'cursor-not-allowed' : state === 'available' ? 'hover:bg-accent-50' : ''}`}
    >
      {Number(day.slice(8))}
      <span className="sr-only">{` ${dayWords(day)}${state === 'booked' ? `, ${stateText(state, mode, i18n)}` : ''}`}</span>
    </button>
  );
}
