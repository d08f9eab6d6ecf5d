import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnglishI18n } from '../../../test/i18n-wrapper';
import { RangeFilter } from './range-filter';

const euros = (n: number) => `${n}€`;

function renderPrice(value: [number | undefined, number | undefined] = [undefined, undefined]) {
  const onCommit = vi.fn<(range: [number | undefined, number | undefined]) => void>();
  render(<RangeFilter label="Price per day" min={20} max={100} value={value} format={euros} onCommit={onCommit} />);
  return {
    onCommit,
    low: screen.getByRole('slider', { name: 'Minimum price per day' }),
    high: screen.getByRole('slider', { name: 'Maximum price per day' }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the two-thumb range filter', () => {
  it('names each thumb, its bounds and its value as a screen reader reads them', () => {
    const { low, high } = renderPrice([30, undefined]);
    expect(low).toHaveAttribute('aria-valuemin', '20');
    expect(low).toHaveAttribute('aria-valuemax', '100');
    expect(low).toHaveAttribute('aria-valuenow', '30');
    expect(low).toHaveAttribute('aria-valuetext', '30€');
    expect(high).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('group', { name: 'Price per day' })).toBeInTheDocument();
  });

  it("says its thumbs cannot move in the server's markup (before its code has hydrated), and not once rendered in the browser", () => {
    const html = renderToString(
      <EnglishI18n>
        <RangeFilter label="Price per day" min={20} max={100} value={[undefined, undefined]} format={euros} onCommit={() => {}} />
      </EnglishI18n>,
    );
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
    const { low, high } = renderPrice();
    expect(low).not.toHaveAttribute('aria-disabled');
    expect(high).not.toHaveAttribute('aria-disabled');
  });

  it('moves by keyboard as the WAI-ARIA slider does, committing each move; an end left at its bound filters nothing', async () => {
    const user = userEvent.setup();
    const { low, high, onCommit } = renderPrice();
    low.focus();
    await user.keyboard('{ArrowRight}');
    expect(low).toHaveAttribute('aria-valuenow', '21');
    expect(onCommit).toHaveBeenLastCalledWith([21, undefined]);
    await user.keyboard('{PageUp}');
    expect(onCommit).toHaveBeenLastCalledWith([31, undefined]);
    await user.keyboard('{ArrowLeft}{PageDown}');
    expect(low).toHaveAttribute('aria-valuenow', '20');
    expect(onCommit).toHaveBeenLastCalledWith([undefined, undefined]);

    high.focus();
    await user.keyboard('{PageDown}');
    expect(onCommit).toHaveBeenLastCalledWith([undefined, 90]);
    // Home takes the upper thumb down to the lower one, never past it.
    await user.keyboard('{Home}');
    expect(high).toHaveAttribute('aria-valuenow', '20');
    await user.keyboard('{ArrowLeft}');
    expect(high).toHaveAttribute('aria-valuenow', '20');
    expect(onCommit).toHaveBeenLastCalledWith([undefined, 20]);
    // A key that moves nothing commits nothing.
    const calls = onCommit.mock.calls.length;
    await user.keyboard('{ArrowDown}{Tab}');
    expect(onCommit).toHaveBeenCalledTimes(calls);
  });

  it('follows a drag and commits once, on release, with the thumb nearer to where it started', async () => {
    // jsdom knows no pointer events: without these handler slots Preact would listen for 'PointerDown'
    // (it keeps the prop's case for events an element does not list), not 'pointerdown'.
    for (const slot of ['onpointerdown', 'onpointermove', 'onpointerup', 'onpointercancel']) {
      if (!(slot in HTMLElement.prototype))
        Object.defineProperty(HTMLElement.prototype, slot, { value: null, writable: true, configurable: true });
    }
    const { low, high, onCommit } = renderPrice();
    const group = screen.getByRole('group', { name: 'Price per day' });
    // A 220 px wide track: thumbs are 20 px, so 200 px of travel for 80 euros.
    vi.spyOn(group, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 220,
      top: 0,
      height: 20,
      right: 220,
      bottom: 20,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    group.setPointerCapture = () => {};
    // jsdom has no PointerEvent: a mouse event carries the position.
    vi.stubGlobal(
      'PointerEvent',
      class extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
        }
      },
    );

    fireEvent.pointerDown(group, { button: 0, clientX: 160, pointerId: 1 });
    fireEvent.pointerMove(group, { clientX: 185, pointerId: 1 });
    await waitFor(() => expect(high).toHaveAttribute('aria-valuenow', '90'));
    expect(high).toHaveFocus();
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.pointerUp(group, { pointerId: 1 });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenLastCalledWith([undefined, 90]);

    // Dragged past the other thumb, the lower one stops at it.
    fireEvent.pointerDown(group, { button: 0, clientX: 20, pointerId: 2 });
    fireEvent.pointerMove(group, { clientX: 400, pointerId: 2 });
    fireEvent.pointerUp(group, { pointerId: 2 });
    await waitFor(() => expect(low).toHaveAttribute('aria-valuenow', '90'));
    expect(onCommit).toHaveBeenLastCalledWith([90, 90]);
  });

  it('follows a committed value that changes from outside (back in history, Clear filters), keeping the focus', async () => {
    const onCommit = vi.fn();
    const props = { label: 'Price per day', min: 20, max: 100, format: euros, onCommit };
    const { rerender } = render(<RangeFilter {...props} value={[undefined, undefined]} />);
    const low = screen.getByRole('slider', { name: 'Minimum price per day' });
    low.focus();
    rerender(<RangeFilter {...props} value={[40, 60]} />);
    await waitFor(() => expect(low).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByRole('slider', { name: 'Maximum price per day' })).toHaveAttribute('aria-valuenow', '60');
    expect(low).toHaveFocus();
    rerender(<RangeFilter {...props} value={[undefined, undefined]} />);
    await waitFor(() => expect(low).toHaveAttribute('aria-valuenow', '20'));
    expect(onCommit).not.toHaveBeenCalled();
  });
});
