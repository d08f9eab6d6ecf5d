import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * Charts of the dashboards (issue 30, ADR 024): recharts' SVG, loaded only with these screens.
 * Colours: the Okabe–Ito palette (told apart with the common colour-vision deficiencies), its yellow
 * left out (too light on white); every chart has a visible legend and, for screen readers, the same
 * figures as a table (the SVG itself is hidden from them and takes no focus: no accessibility layer).
 */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
export const PENDING_COLOUR = '#6B7280';

export interface Series {
  key: string;
  label: string;
  colour: string;
}

interface ChartProps {
  title: string;
  /** One object per x value: { x: label, [series.key]: number }. */
  data: Record<string, string | number>[];
  series: Series[];
  format: (value: number) => string;
  /** Caption of the first column of the table alternative. */
  xLabel: string;
}

function ChartFrame({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-card border border-slate-200 bg-white p-4">
      <figcaption className="mb-3 text-base font-semibold text-slate-900">{title}</figcaption>
      <div aria-hidden="true" className="h-64 w-full">
        {children}
      </div>
      {table}
    </figure>
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
                <td key={s.key}>{format(Number(row[s.key] ?? 0))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const axisTick = { fontSize: 12, fill: '#334155' };

export function StackedBars(props: ChartProps & { stacked?: boolean }) {
  const { data, series, format, stacked = true } = props;
  return (
    <ChartFrame title={props.title} table={<TableAlternative {...props} />}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="x" tick={axisTick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis tick={axisTick} width={68} tickFormatter={(v: number) => format(v)} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} stackId={stacked ? 'a' : undefined} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function Lines(props: ChartProps & { domain?: [number, number] }) {
  const { data, series, format, domain } = props;
  return (
    <ChartFrame title={props.title} table={<TableAlternative {...props} />}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="x" tick={axisTick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis tick={axisTick} width={40} domain={domain} tickFormatter={(v: number) => format(v)} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {series.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.colour}
              strokeWidth={2}
              strokeDasharray={i % 2 === 1 ? '5 3' : undefined}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** A figure with its change against the previous period. */
export function Kpi({ label, value, change }: { label: string; value: string; change?: number | null }) {
  const { t } = useLingui();
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {change !== undefined && (
        <p className="mt-1 text-sm text-slate-700">
          {change === null
            ? t`No figure for the previous period`
            : change >= 0
              ? t`+${Math.round(change * 100)}% on the previous period`
              : t`${Math.round(change * 100)}% on the previous period`}
        </p>
      )}
    </div>
  );
}

/** The change from `before` to `now` as a share; null when there was nothing before. */
export function changeOf(now: number, before: number): number | null {
  return before === 0 ? (now === 0 ? 0 : null) : (now - before) / before;
}
