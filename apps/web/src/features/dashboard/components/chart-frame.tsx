import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { useParentSize } from '@visx/responsive';
import type { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { useId, type ReactNode } from 'react';

/** The parts every chart of charts.tsx shares: colours, the frame (caption, legend, measured SVG, tooltip, table), axes and grid. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
export const PENDING_COLOUR = '#6B7280';
/** Outlines of at least 3:1 against white for the two light colours (5.7:1 and 5.5:1). */
export const OUTLINE: Record<string, string> = { '#E69F00': '#8A5F00', '#56B4E9': '#1F6F9F' };

export interface Series {
  key: string;
  label: string;
  colour: string;
}

export type Row = Record<string, string | number>;

export interface ChartProps {
  title: string;
  /** One object per x value: { x: label, [series.key]: number }. */
  data: Row[];
  series: Series[];
  format: (value: number) => string;
  /** Caption of the first column of the table alternative. */
  xLabel: string;
}

/** The chart's drawing area, border and axes included. */
export const HEIGHT = 256;
const FONT = 12;
/** Width of a character of the axes' 12 px labels: DejaVu Sans' (a wide font) average of digits and letters, so narrower fonts fit too. */
const CHAR_WIDTH = 7.8;
const AXIS_COLOUR = '#475569';
const TEXT_COLOUR = '#334155';
const GRID_COLOUR = '#e2e8f0';

const textWidth = (text: string) => text.length * CHAR_WIDTH;

/** 'November 2026' → ['November', '2026'], '27 Nov 2026' → ['27 Nov', '2026']: the year on a line of its own. */
export function tickLines(label: string): string[] {
  const cut = label.lastIndexOf(' ');
  return cut > 0 && /\d/.test(label.slice(cut + 1)) ? [label.slice(0, cut), label.slice(cut + 1)] : [label];
}

/**
 * Which x labels the axis shows: as many as fit side by side, evenly spaced and always the last one
 * (the current month or day).
 */
export function visibleTicks(labels: string[], width: number): string[] {
  if (labels.length === 0) return [];
  const widest = Math.max(...labels.map((label) => Math.max(...tickLines(label).map(textWidth))));
  const fit = Math.max(1, Math.floor(width / (widest + 12)));
  const step = Math.ceil(labels.length / fit);
  return labels.filter((_, i) => (labels.length - 1 - i) % step === 0);
}

/**
 * The x scale and the drawing's inner width, leaving room on the right for the last x label, centred
 * on its tick (a day's label at the end of a month of bars would be cut by the figure's edge).
 */
export function fitRight<Scale extends ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>>(
  labels: string[],
  available: number,
  scaleOf: (innerWidth: number) => Scale,
): { innerWidth: number; xScale: Scale } {
  let innerWidth = Math.max(0, available - MARGIN.right);
  let xScale = scaleOf(innerWidth);
  const last = labels.at(-1);
  if (last !== undefined && innerWidth > 0) {
    // The last tick's centre moves in proportion to the inner width (the scale's range starts at 0).
    const share = ((xScale(last) ?? 0) + xScale.bandwidth() / 2) / innerWidth;
    const half = Math.max(...tickLines(last).map(textWidth)) / 2;
    if (share > 0 && available - share * innerWidth < half) {
      innerWidth = Math.max(0, (available - half) / share);
      xScale = scaleOf(innerWidth);
    }
  }
  return { innerWidth, xScale };
}

/**
 * An x label of one or two lines. `y` is the axis renderer's: tick length plus its default 10 px font
 * size below the axis, where the first line's baseline goes; the second follows 1.2 em lower.
 */
function TwoLineTick({ x, y, formattedValue }: TickRendererProps) {
  const lines = tickLines(formattedValue ?? '');
  return (
    <text x={x} y={y} fontSize={FONT} fill={TEXT_COLOUR} textAnchor="middle">
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function Legend({ series, lines = false }: { series: Series[]; lines?: boolean }) {
  const { t } = useLingui();
  return (
    <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label={t`Legend`}>
      {series.map((s, i) => (
        <li key={s.key} className="flex min-w-0 items-center gap-2">
          {lines ? (
            <svg width="20" height="10" aria-hidden="true" className="shrink-0">
              <line x1="0" x2="20" y1="5" y2="5" stroke={s.colour} strokeWidth="2" strokeDasharray={dashOf(i)} />
              <circle cx="10" cy="5" r="3" fill={s.colour} stroke={OUTLINE[s.colour] ?? s.colour} />
            </svg>
          ) : (
            <span
              className="inline-block size-3 shrink-0 rounded-sm border"
              style={{ backgroundColor: s.colour, borderColor: OUTLINE[s.colour] ?? s.colour }}
              aria-hidden="true"
            />
          )}
          <span className="min-w-0 break-words">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

function TableAlternative({ title, data, series, format, xLabel }: ChartProps) {
  return (
    // The wrapper is the sr-only box: a table's own cells would lay out wider than the 1 px it is given.
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={String(row.x)}>
              <th scope="row">{row.x}</th>
              {series.map((s) => (
                <td key={s.key}>{row[s.key] === undefined ? '' : format(Number(row[s.key]))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface Hover {
  index: number;
}

/**
 * The figure around a chart: caption, legend, the measured drawing area (the SVG, named by the caption
 * and described as having its figures in the table) with its tooltip, and the table.
 */
export function ChartFrame({
  props,
  kind,
  draw,
}: {
  props: ChartProps;
  kind: 'bars' | 'lines';
  draw: (size: { width: number; show: (index: number, left: number) => void; hide: () => void; hovered: number | null }) => ReactNode;
}) {
  const { t } = useLingui();
  const captionId = useId();
  const descriptionId = useId();
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const tooltip = useTooltip<Hover>();
  const hovered = tooltip.tooltipOpen && tooltip.tooltipData ? tooltip.tooltipData.index : null;
  const row = hovered === null ? undefined : props.data[hovered];
  return (
    <figure className="min-w-0 overflow-hidden rounded-card border border-slate-200 bg-white p-4">
      <figcaption id={captionId} className="mb-2 text-base font-semibold text-slate-900">
        {props.title}
      </figcaption>
      <Legend series={props.series} lines={kind === 'lines'} />
      <p id={descriptionId} className="sr-only">
        {kind === 'bars' ? t`Bar chart; its figures follow in a table.` : t`Line chart; its figures follow in a table.`}
      </p>
      <div ref={parentRef} className="relative w-full" style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={captionId} aria-describedby={descriptionId} className="block">
            {draw({
              width,
              hovered,
              show: (index, left) => tooltip.showTooltip({ tooltipData: { index }, tooltipLeft: left, tooltipTop: 8 }),
              hide: tooltip.hideTooltip,
            })}
          </svg>
        )}
        {row && (
          <TooltipWithBounds
            key={hovered}
            left={tooltip.tooltipLeft}
            top={tooltip.tooltipTop}
            unstyled
            applyPositionStyle
            aria-hidden="true"
            className="pointer-events-none z-10 rounded-control border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 shadow-md"
          >
            <p className="font-semibold text-slate-900">{row.x}</p>
            <ul className="mt-1 space-y-0.5">
              {props.series
                .filter((s) => row[s.key] !== undefined)
                .map((s) => (
                  <li key={s.key} className="flex items-center gap-2 whitespace-nowrap">
                    <span
                      className="inline-block size-2.5 shrink-0 rounded-sm border"
                      style={{ backgroundColor: s.colour, borderColor: OUTLINE[s.colour] ?? s.colour }}
                    />
                    {s.label}: <span className="font-medium">{props.format(Number(row[s.key]))}</span>
                  </li>
                ))}
            </ul>
          </TooltipWithBounds>
        )}
      </div>
      <TableAlternative {...props} />
    </figure>
  );
}

/** The y axis's ticks (whole numbers when every figure is one: no '0.5 days'), and the width of their labels. */
export function yTicks(scale: ReturnType<typeof scaleLinear<number>>, values: number[], format: (value: number) => string) {
  const whole = values.every(Number.isInteger);
  const ticks = scale.ticks(5).filter((tick) => !whole || Number.isInteger(tick));
  const width = Math.min(120, Math.max(28, ...ticks.map((tick) => textWidth(format(tick)))) + 10);
  return { ticks, width };
}

export const MARGIN = { top: 10, right: 8, bottom: 38 };

export function Grid({ ticks, scale, width }: { ticks: number[]; scale: (value: number) => number | undefined; width: number }) {
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => {
        const y = scale(tick) ?? 0;
        return <line key={tick} x1={0} x2={width} y1={y} y2={y} stroke={GRID_COLOUR} strokeDasharray="3 3" />;
      })}
    </g>
  );
}

export function Axes({
  left,
  top,
  innerHeight,
  xScale,
  yScale,
  xTicks,
  ticks,
  format,
}: {
  left: number;
  top: number;
  innerHeight: number;
  xScale: ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>;
  yScale: ReturnType<typeof scaleLinear<number>>;
  xTicks: string[];
  ticks: number[];
  format: (value: number) => string;
}) {
  return (
    <>
      <AxisLeft
        left={left}
        top={top}
        scale={yScale}
        tickValues={ticks}
        tickFormat={(value) => format(Number(value))}
        stroke={AXIS_COLOUR}
        tickStroke={AXIS_COLOUR}
        tickLength={4}
        tickLabelProps={{ fontSize: FONT, fill: TEXT_COLOUR, textAnchor: 'end', dx: -2, dy: '0.33em' }}
      />
      <AxisBottom
        left={left}
        top={top + innerHeight}
        scale={xScale}
        tickValues={xTicks}
        stroke={AXIS_COLOUR}
        tickStroke={AXIS_COLOUR}
        tickLength={4}
        tickComponent={TwoLineTick}
      />
    </>
  );
}

/** Every second series dashed, so that lines are told apart without their colour too. */
export const dashOf = (index: number) => (index % 2 === 1 ? '5 3' : undefined);
