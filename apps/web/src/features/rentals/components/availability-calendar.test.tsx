import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingWindow } from '@rentdrive/domain/booking';
import { selectDay } from '@rentdrive/domain/calendar-selection';
import type { IsoDay } from '@rentdrive/domain/dates';
import { AvailabilityCalendar } from './availability-calendar';

const TODAY = '2026-11-10';
const BOOKED = new Set(['2026-11-14', '2026-11-15']);

function Picker() {
  const [selection, setSelection] = useState<readonly IsoDay[]>([]);
  const window = bookingWindow(TODAY);
  return (
    <>
      <AvailabilityCalendar
        label="Rental dates"
        today={window.firstDay}
        lastDay={window.lastDay}
        bookedDays={BOOKED}
        selectedDays={selection}
        onDayClick={(day) => setSelection((s) => selectDay(s, day, { today: TODAY, bookedDays: BOOKED }))}
      />
      <output data-testid="selection">{selection.join(',')}</output>
    </>
  );
}

const day = (n: number) => screen.getByRole('button', { name: new RegExp(`^${n} November 2026`) });
const selection = () => screen.getByTestId('selection').textContent;

afterEach(cleanup);

// user-event on a shared, busy machine: generous time per test.
describe('AvailabilityCalendar', { timeout: 30_000 }, () => {
  it('names each day button starting with its visible number and marks taken and past days unavailable', () => {
    render(<Picker />);
    // Renters are not told whether a taken day is booked or blocked by the owner.
    expect(day(14)).toHaveAccessibleName('14 November 2026, unavailable');
    expect(day(14)).toHaveAttribute('aria-disabled', 'true');
    expect(day(9)).toHaveAttribute('aria-disabled', 'true');
    expect(day(11)).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Booked')).toBeNull();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Selected')).toBeInTheDocument();
  });

  it('starts, extends by the next day only, and trims a selection', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(day(10));
    await user.click(day(12)); // not the next day: ignored
    expect(selection()).toBe('2026-11-10');
    await user.click(day(11));
    await user.click(day(12));
    expect(selection()).toBe('2026-11-10,2026-11-11,2026-11-12');
    expect(day(11)).toHaveAttribute('aria-pressed', 'true');
    await user.click(day(11)); // cut from that day on
    expect(selection()).toBe('2026-11-10');
    await user.click(day(10)); // the last day removes itself
    expect(selection()).toBe('');
  });

  it('does not select booked or past days', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(day(14));
    await user.click(day(9));
    expect(selection()).toBe('');
  });

  it('moves by day and week with the arrow keys, across months, and selects with Enter', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.tab(); // previous month is disabled in the first month, so Tab lands on next month
    await user.tab();
    expect(day(10)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day(11)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: /^2 December 2026/ })).toHaveFocus();
    expect(screen.getByText('December 2026', { selector: 'p' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(selection()).toBe('2026-12-02');
  });

  it('navigates months within the six-month window only', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    for (let i = 0; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('May 2027', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^10 May 2027/ })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: /^11 May 2027/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders read-only without buttons', () => {
    render(<AvailabilityCalendar label="Availability" today={TODAY} lastDay="2027-05-10" bookedDays={BOOKED} />);
    expect(screen.queryByRole('button', { name: /November 2026/ })).toBeNull();
    const taken = screen
      .getAllByText('November 2026, unavailable', { selector: 'span.sr-only' })
      .map((el) => el.parentElement?.textContent)
      .filter((text) => text?.startsWith('14') || text?.startsWith('15'));
    expect(taken).toEqual(['14 November 2026, unavailable', '15 November 2026, unavailable']);
  });
});
