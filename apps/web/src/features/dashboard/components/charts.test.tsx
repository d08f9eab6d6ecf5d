import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { scaleBand } from '@visx/scale';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitRight, MARGIN, tickLines, visibleTicks } from './chart-frame';
import { Lines, StackedBars } from './charts';

/** jsdom lays nothing out: the charts' container is told it is `width` px wide, as a browser's ResizeObserver would. */
function stubWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width, height: 256, top: 0, left: 0 } } as unknown as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

const series = [
  { key: 'a', label: 'Golf', colour: '#0072B2' },
  { key: 'b', label: 'Polo', colour: '#D55E00' },
];
const euros = (cents: number) => `${(cents / 100).toFixed(2)}€`;

beforeEach(() => stubWidth(600));
afterEach(() => vi.unstubAllGlobals());

async function frames() {
  // useParentSize sets the measured size in an animation frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

describe('StackedBars', () => {
  it('draws one stacked bar a month, named by its caption, with a legend and the figures as a table', async () => {
    const { container } = render(
      <StackedBars
        title="Earnings by month"
        xLabel="Month"
        series={series}
        format={euros}
        data={[
          { x: 'October 2026', a: 3000, b: 1000 },
          { x: 'November 2026', a: 7280 },
        ]}
      />,
    );
    await frames();
    const chart = screen.getByRole('img', { name: 'Earnings by month' });
    expect(chart).toHaveAccessibleDescription('Bar chart; its figures follow in a table.');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Golf', 'Polo']);
    const table = screen.getByRole('table', { name: 'Earnings by month' });
    expect(within(table).getByRole('row', { name: /November 2026/ })).toHaveTextContent('72.80€0.00€');

    // Three segments (November's Polo has nothing): October's two share an x and stack, in proportion.
    const bars = [...container.querySelectorAll('svg[role="img"] rect')].filter((rect) =>
      ['#0072B2', '#D55E00'].includes(rect.getAttribute('fill')!),
    );
    expect(bars).toHaveLength(3);
    const [octGolf, novGolf, octPolo] = bars.map((rect) => ({
      x: Number(rect.getAttribute('x')),
      y: Number(rect.getAttribute('y')),
      height: Number(rect.getAttribute('height')),
    }));
    expect(octGolf!.x).toBe(octPolo!.x);
    expect(novGolf!.x).toBeGreaterThan(octGolf!.x);
    expect(octGolf!.height / octPolo!.height).toBeCloseTo(3, 5);
    expect(octPolo!.y + octPolo!.height).toBeCloseTo(octGolf!.y, 5); // Polo sits on Golf
    // The axis labels the months (the year on a line of its own) and the money.
    expect(chart).toHaveTextContent('November2026');
    expect(chart.textContent).toContain('80.00€');
  });

  it('shows the figures of a month in a tooltip on pointer hover', async () => {
    const { container } = render(
      <StackedBars title="Days booked" xLabel="Month" series={series} format={String} data={[{ x: 'November 2026', a: 2, b: 3 }]} />,
    );
    await frames();
    const hoverArea = [...container.querySelectorAll('rect[fill="transparent"]')][0]!;
    fireEvent.pointerEnter(hoverArea);
    const tooltip = await screen.findByText('Golf:');
    expect(tooltip.closest('div')).toHaveTextContent('November 2026Golf: 2Polo: 3');
    fireEvent.pointerLeave(hoverArea);
    expect(screen.queryByText('Golf:')).toBeNull();
  });

  it('fits a phone: the drawing is as wide as its container and shows only the month labels that fit', async () => {
    stubWidth(286);
    const months = [
      'December',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
    ];
    const data = months.map((month, i) => ({ x: `${month} ${i === 0 ? 2025 : 2026}`, a: i }));
    render(<StackedBars title="Days booked" xLabel="Month" series={series.slice(0, 1)} format={String} data={data} />);
    await frames();
    const chart = screen.getByRole('img', { name: 'Days booked' });
    expect(chart).toHaveAttribute('width', '286');
    const ticks = [...chart.querySelectorAll('tspan')].filter((tspan) => /[a-z]/.test(tspan.textContent)).map((t) => t.textContent);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.length).toBeLessThan(6);
    expect(ticks.at(-1)).toBe('November');
    // Whole days only on the axis.
    expect([...chart.querySelectorAll('.visx-axis-left text')].map((t) => t.textContent).every((label) => /^\d+$/.test(label))).toBe(true);
  });
});

describe('Lines', () => {
  it('joins a series across a month without a figure and leaves that cell empty in the table', async () => {
    const { container } = render(
      <Lines
        title="Average rating by month"
        xLabel="Month"
        series={series}
        domain={[1, 5]}
        format={(v) => v.toFixed(1)}
        data={[
          { x: 'September 2026', a: 4 },
          { x: 'October 2026', b: 3.5 },
          { x: 'November 2026', a: 5, b: 4.5 },
        ]}
      />,
    );
    await frames();
    expect(screen.getByRole('img', { name: 'Average rating by month' })).toHaveAccessibleDescription(
      'Line chart; its figures follow in a table.',
    );
    const paths = container.querySelectorAll('svg[role="img"] path.visx-linepath');
    expect(paths).toHaveLength(2);
    // Golf: two points joined by one segment (M … L …), though October has no figure for it.
    expect(paths[0]!.getAttribute('d')).toMatch(/^M[^L]+L[^L]+$/);
    expect(container.querySelectorAll('svg[role="img"] circle')).toHaveLength(4);
    const row = within(screen.getByRole('table', { name: 'Average rating by month' })).getByRole('row', { name: /October 2026/ });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['', '3.5']);
  });
});

describe('axis labels', () => {
  it('puts the year on a second line and keeps the last label', () => {
    expect(tickLines('November 2026')).toEqual(['November', '2026']);
    expect(tickLines('27 Nov 2026')).toEqual(['27 Nov', '2026']);
    expect(tickLines('Q4')).toEqual(['Q4']);
    const days = Array.from({ length: 30 }, (_, i) => `${i + 1} Nov 2026`);
    const shown = visibleTicks(days, 240);
    expect(shown.at(-1)).toBe('30 Nov 2026');
    expect(shown.length * (6 * 7.8 + 12)).toBeLessThanOrEqual(240);
    expect(visibleTicks(days.slice(0, 3), 1000)).toEqual(days.slice(0, 3));
  });

  it('leaves room on the right for the last label, centred under the last bar', () => {
    const days = Array.from({ length: 30 }, (_, i) => `${i + 1} Nov 2026`);
    const scaleOf = (inner: number) => scaleBand<string>({ domain: days, range: [0, inner], paddingInner: 0.25, paddingOuter: 0.15 });
    const { innerWidth, xScale } = fitRight(days, 300, scaleOf);
    expect(innerWidth).toBeLessThan(300 - MARGIN.right);
    const centre = xScale('30 Nov 2026')! + xScale.bandwidth() / 2;
    expect(centre + ('30 Nov'.length * 7.8) / 2).toBeCloseTo(300, 5);
    // Three wide bands leave the last label room of their own: nothing taken.
    const months = Array.from({ length: 3 }, (_, i) => `M${i} 2026`);
    expect(fitRight(months, 600, (inner) => scaleBand<string>({ domain: months, range: [0, inner] })).innerWidth).toBe(600 - MARGIN.right);
  });
});
