import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { BarGroup, BarStack, LinePath } from '@visx/shape';
import {
  Axes,
  ChartFrame,
  dashOf,
  fitRight,
  Grid,
  HEIGHT,
  MARGIN,
  OUTLINE,
  visibleTicks,
  yTicks,
  type ChartProps,
  type Row,
} from './chart-frame';

export { PALETTE, PENDING_COLOUR, type Series } from './chart-frame';

/**
 * Charts of the dashboards (issue 30, ADR 024): SVG drawn with visx (d3's scales and shapes as React
 * components), loaded only with these screens. Colours: the Okabe–Ito palette (told apart with the
 * common colour-vision deficiencies), its yellow left out (too light on white); its orange and sky
 * blue fall under 3:1 against white, so their bars and dots carry a darker outline of the same hue
 * (`OUTLINE`; they are the fifth and sixth vehicle's). Every chart is an `<svg role="img">` named by
 * its caption, has a visible legend and, for screen readers, the same figures as a table.
 */

/** Bars by x: stacked (one bar of all series) or side by side (`stacked={false}`). */
export function StackedBars(props: ChartProps & { stacked?: boolean }) {
  const { series, format, stacked = true } = props;
  const keys = series.map((s) => s.key);
  // Every series has a number in every row (a vehicle with nothing that month has 0).
  const data = props.data.map(
    (row) => Object.fromEntries([['x', String(row.x)], ...keys.map((key) => [key, Number(row[key] ?? 0)])]) as Row,
  );
  const colourOf = new Map(series.map((s) => [s.key, s.colour]));
  const heights = data.map((row) =>
    stacked ? keys.reduce((sum, key) => sum + Math.max(0, Number(row[key])), 0) : Math.max(0, ...keys.map((key) => Number(row[key]))),
  );
  const values = data.flatMap((row) => keys.map((key) => Number(row[key])));
  return (
    <ChartFrame
      props={{ ...props, data }}
      kind="bars"
      draw={({ width, show, hide, hovered }) => {
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
        const yScale = scaleLinear<number>({ domain: [0, Math.max(...heights, 0) || 1], range: [innerHeight, 0], nice: true });
        const { ticks, width: axisWidth } = yTicks(yScale, values, format);
        const left = axisWidth + 4;
        const labels = data.map((row) => String(row.x));
        const { innerWidth, xScale } = fitRight(labels, width - left, (inner) =>
          scaleBand<string>({ domain: labels, range: [0, inner], paddingInner: 0.25, paddingOuter: 0.15 }),
        );
        const step = xScale.step();
        const outline = (key: string) => OUTLINE[colourOf.get(key) ?? ''] ?? '#ffffff';
        return (
          <>
            <Group left={left} top={MARGIN.top}>
              <Grid ticks={ticks} scale={yScale} width={innerWidth} />
              {hovered !== null && (
                <rect
                  x={(xScale(labels[hovered]!) ?? 0) - (step - xScale.bandwidth()) / 2}
                  width={step}
                  y={0}
                  height={innerHeight}
                  fill="#f1f5f9"
                />
              )}
              {stacked ? (
                <BarStack<Row, string>
                  data={data}
                  keys={keys}
                  x={(row) => String(row.x)}
                  xScale={xScale}
                  yScale={yScale}
                  color={(key) => colourOf.get(key)!}
                >
                  {(stacks) =>
                    stacks.flatMap((stack) =>
                      stack.bars
                        .filter((bar) => bar.height > 0)
                        .map((bar) => (
                          <rect
                            key={`${stack.key}-${bar.index}`}
                            x={bar.x}
                            y={bar.y}
                            width={bar.width}
                            height={bar.height}
                            fill={bar.color}
                            stroke={outline(stack.key)}
                            strokeWidth={1}
                          />
                        )),
                    )
                  }
                </BarStack>
              ) : (
                <BarGroup<Row, string>
                  data={data}
                  keys={keys}
                  height={innerHeight}
                  x0={(row) => String(row.x)}
                  x0Scale={xScale}
                  x1Scale={scaleBand<string>({ domain: keys, range: [0, xScale.bandwidth()], padding: 0.1 })}
                  yScale={yScale}
                  color={(key) => colourOf.get(key)!}
                >
                  {(groups) =>
                    groups.map((group) => (
                      <Group key={group.index} left={group.x0}>
                        {group.bars
                          .filter((bar) => bar.height > 0)
                          .map((bar) => (
                            <rect
                              key={bar.key}
                              x={bar.x}
                              y={bar.y}
                              width={bar.width}
                              height={bar.height}
                              fill={bar.color}
                              stroke={OUTLINE[bar.color] ?? 'none'}
                            />
                          ))}
                      </Group>
                    ))
                  }
                </BarGroup>
              )}
              {/* Hover areas, one a column (the tooltip is for the pointer; the table holds the same figures). */}
              {labels.map((label, index) => (
                <rect
                  key={label}
                  x={(xScale(label) ?? 0) - (step - xScale.bandwidth()) / 2}
                  width={step}
                  y={0}
                  height={innerHeight}
                  fill="transparent"
                  onPointerEnter={() => show(index, left + (xScale(label) ?? 0) + xScale.bandwidth() / 2)}
                  onPointerLeave={hide}
                />
              ))}
            </Group>
            <Axes
              left={left}
              top={MARGIN.top}
              innerHeight={innerHeight}
              xScale={xScale}
              yScale={yScale}
              xTicks={visibleTicks(labels, innerWidth)}
              ticks={ticks}
              format={format}
            />
          </>
        );
      }}
    />
  );
}

/** A line a series over x; a series without a figure for some x joins the figures it has. */
export function Lines(props: ChartProps & { domain?: [number, number] }) {
  const { data, series, format, domain } = props;
  const labels = data.map((row) => String(row.x));
  const present = (row: Row, key: string) => row[key] !== undefined && row[key] !== '';
  const values = data.flatMap((row) => series.filter((s) => present(row, s.key)).map((s) => Number(row[s.key])));
  return (
    <ChartFrame
      props={props}
      kind="lines"
      draw={({ width, show, hide, hovered }) => {
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
        const yScale = scaleLinear<number>({
          domain: domain ?? [0, Math.max(...values, 0) || 1],
          range: [innerHeight, 0],
          nice: !domain,
        });
        const { ticks, width: axisWidth } = yTicks(yScale, domain ? [0] : values, format);
        const left = axisWidth + 4;
        const { innerWidth, xScale } = fitRight(labels, width - left, (inner) =>
          scalePoint<string>({ domain: labels, range: [0, inner], padding: 0.5 }),
        );
        const step = xScale.step();
        const xOf = (label: string) => xScale(label) ?? 0;
        return (
          <>
            <Group left={left} top={MARGIN.top}>
              <Grid ticks={ticks} scale={yScale} width={innerWidth} />
              {hovered !== null && <line x1={xOf(labels[hovered]!)} x2={xOf(labels[hovered]!)} y1={0} y2={innerHeight} stroke="#94a3b8" />}
              {series.map((s, i) => {
                const points = data.filter((row) => present(row, s.key));
                return (
                  <g key={s.key}>
                    <LinePath<Row>
                      data={points}
                      x={(row) => xOf(String(row.x))}
                      y={(row) => yScale(Number(row[s.key])) ?? 0}
                      stroke={s.colour}
                      strokeWidth={2}
                      strokeDasharray={dashOf(i)}
                      fill="none"
                    />
                    {points.map((row) => (
                      <circle
                        key={String(row.x)}
                        cx={xOf(String(row.x))}
                        cy={yScale(Number(row[s.key])) ?? 0}
                        r={3.5}
                        fill={s.colour}
                        stroke={OUTLINE[s.colour] ?? '#ffffff'}
                      />
                    ))}
                  </g>
                );
              })}
              {labels.map((label, index) => (
                <rect
                  key={label}
                  x={xOf(label) - step / 2}
                  width={step}
                  y={0}
                  height={innerHeight}
                  fill="transparent"
                  onPointerEnter={() => show(index, left + xOf(label))}
                  onPointerLeave={hide}
                />
              ))}
            </Group>
            <Axes
              left={left}
              top={MARGIN.top}
              innerHeight={innerHeight}
              xScale={xScale}
              yScale={yScale}
              xTicks={visibleTicks(labels, innerWidth)}
              ticks={ticks}
              format={format}
            />
          </>
        );
      }}
    />
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
