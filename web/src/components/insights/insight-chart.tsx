import type { InsightColumn, InsightUnit } from '@contracts/insights';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cellNumber, formatInsight, formatMonth, formatTick } from './format-insight';
import type { ChartData } from './insight-types';
import { useScrollsSideways } from './use-scrolls-sideways';

/**
 * One insights chart drawn as SVG with visx (ADR 0028): grouped bars or lines over the first
 * column's categories. This module is the only one that imports the chart library. Admin →
 * Insights and the dealer's Insights section, which use it, are loaded lazily
 * (admin-panels.tsx, lazy-insights-section.tsx), so no other page's bundle carries it.
 *
 * Series of different units (days and dollars) never share an axis: each unit gets its own panel,
 * one under the other. On a narrow screen the drawing keeps a legible width per category and
 * scrolls sideways inside its box; the table under it has the same rows.
 */
export const SERIES_COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#475569'];

const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, left: 60 };
const TICK_LABEL = { fill: '#475569', fontSize: 11, fontFamily: 'inherit' } as const;

interface Panel {
  unit: InsightUnit;
  series: { column: InsightColumn; color: string }[];
}

/** The chart's series grouped by unit, in their order, each with its colour. */
export function panelsOf(chart: ChartData): Panel[] {
  const panels: Panel[] = [];
  chart.series.forEach((key, index) => {
    const column = chart.columns.find((c) => c.key === key);
    if (!column) return;
    const color = SERIES_COLORS[index % SERIES_COLORS.length]!;
    const panel = panels.find((p) => p.unit === column.unit);
    if (panel) panel.series.push({ column, color });
    else panels.push({ unit: column.unit, series: [{ column, color }] });
  });
  return panels;
}

/** What the drawing shows, in words: the accessible name of each panel. */
function summaryOf(chart: ChartData, panel: Panel): string {
  const category = chart.columns[0]!;
  const parts = panel.series.map(({ column }) => {
    let best: { label: string; value: number } | null = null;
    for (const row of chart.rows) {
      const value = cellNumber(row[column.key]);
      if (value !== null && (!best || value > best.value))
        best = { label: formatMonth(String(row[category.key] ?? '')), value };
    }
    return best
      ? `${column.label}: highest ${formatInsight(best.value, column.unit)} (${best.label})`
      : `${column.label}: no data`;
  });
  const kind = chart.kind === 'bar' ? 'Bar chart' : 'Line chart';
  const rows = `${chart.rows.length} ${chart.rows.length === 1 ? 'row' : 'rows'}`;
  return `${kind}: ${chart.title}, ${rows} (${category.label}). ${parts.join('; ')}. The table below has every value.`;
}

/** The width the chart's box has, followed as it changes (a fixed guess before the browser measures). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(240, Math.floor(box.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function InsightChart({ chart }: { chart: ChartData }) {
  const [ref, boxWidth] = useBoxWidth();
  const panels = panelsOf(chart);
  return (
    // `contain: inline-size`: the drawing's own width never widens the page; its box scrolls instead.
    <div ref={ref} className="grid gap-4 [contain:inline-size]">
      {panels.map((panel) => (
        <div key={panel.unit}>
          <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
            {panel.series.map(({ column, color }) => (
              <li key={column.key} className="flex items-center gap-1.5">
                <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: color }} />
                {column.label}
              </li>
            ))}
          </ul>
          <ScrollBox label={`${chart.title}, chart (scrolls sideways)`}>
            <PanelDrawing chart={chart} panel={panel} boxWidth={boxWidth} />
          </ScrollBox>
        </div>
      ))}
    </div>
  );
}

/** The drawing's box: it scrolls sideways when the drawing is wider, and then takes the focus. */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <section
      ref={box}
      // Always reachable by keyboard: whether it scrolls is known only after a measure (axe may look first).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      aria-label={scrolls ? label : label.replace(' (scrolls sideways)', '')}
      className="overflow-x-auto [contain:inline-size] [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </section>
  );
}

function PanelDrawing({ chart, panel, boxWidth }: { chart: ChartData; panel: Panel; boxWidth: number }) {
  const category = chart.columns[0]!;
  const labels = chart.rows.map((row) => String(row[category.key] ?? ''));
  const names = labels.map((label) => formatMonth(label));
  // A legible width per category; wider than the box, the drawing scrolls in it.
  const perCategory = chart.kind === 'bar' ? Math.max(16, panel.series.length * 12 + 4) : 16;
  const isMonths = labels.length > 0 && labels.every((label) => /^\d{4}-\d{2}$/.test(label));
  const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);
  const longest = Math.max(0, ...labels.map((label) => Math.min(18, formatMonth(label, true).length)));
  // Names (dealers, uploaders) that do not fit under their band turn aslant, with room on the left.
  const left = MARGIN.left + (isMonths ? 0 : Math.min(40, longest * 3));
  const width = Math.max(boxWidth, left + MARGIN.right + labels.length * perCategory);
  const plotWidth = width - left - MARGIN.right;
  const x = scaleBand<string>({ domain: labels, range: [0, plotWidth], padding: 0.2 });
  const labelWidth = longest * 6.2 + 8;
  const slanted = !isMonths && labelWidth > x.step();
  // Months that do not fit each under its own band: every second (third…) month is named.
  const every = isMonths ? Math.max(1, Math.ceil(labelWidth / x.step())) : 1;
  const bottom = slanted ? Math.min(110, 24 + longest * 4.4) : 32;
  // Upright names keep as much of themselves as their band holds; aslant ones at most 18 letters.
  const chars = slanted ? 18 : Math.max(18, Math.floor((x.step() - 8) / 6.2));
  const shortLabels = labels.map((label) => cut(formatMonth(label, true), chars));
  const plotHeight = HEIGHT - MARGIN.top - bottom;
  const values = chart.rows.flatMap((row) =>
    panel.series.map(({ column }) => cellNumber(row[column.key]) ?? 0),
  );
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const y = scaleLinear<number>({
    domain: [min, max === min ? min + 1 : max],
    range: [plotHeight, 0],
    nice: true,
  });
  const ticks = y.ticks(5).filter((tick) => panel.unit !== 'count' || Number.isInteger(tick));
  const tickStep = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  const inner = scaleBand<string>({
    domain: panel.series.map((s) => s.column.key),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const zero = y(0);
  // A few categories on a wide screen do not make slabs: bars stay at most 48 px, centred.
  const barWidth = Math.min(inner.bandwidth(), 48);
  const barInset = (inner.bandwidth() - barWidth) / 2;
  return (
    <svg
      role="img"
      aria-label={summaryOf(chart, panel)}
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      className="block max-w-none"
    >
      <Group left={left} top={MARGIN.top}>
        {ticks.map((tick) => (
          <line key={tick} x1={0} x2={plotWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
        ))}
        {chart.kind === 'bar'
          ? chart.rows.flatMap((row, index) =>
              panel.series.map(({ column, color }) => {
                const value = cellNumber(row[column.key]);
                if (value === null) return null;
                const top = y(Math.max(0, value));
                return (
                  <Bar
                    key={`${labels[index]}-${column.key}`}
                    x={(x(labels[index]!) ?? 0) + (inner(column.key) ?? 0) + barInset}
                    y={top}
                    width={barWidth}
                    height={Math.max(value === 0 ? 0 : 1, Math.abs(y(value) - zero))}
                    fill={color}
                    rx={2}
                  >
                    <title>{`${names[index]}, ${column.label}: ${formatInsight(value, column.unit)}`}</title>
                  </Bar>
                );
              }),
            )
          : panel.series.map(({ column, color }) => (
              <g key={column.key}>
                <LinePath
                  data={chart.rows}
                  defined={(row) => cellNumber(row[column.key]) !== null}
                  x={(_, index) => (x(labels[index]!) ?? 0) + x.bandwidth() / 2}
                  y={(row) => y(cellNumber(row[column.key]) ?? 0)}
                  stroke={color}
                  strokeWidth={2}
                />
                {chart.rows.map((row, index) => {
                  const value = cellNumber(row[column.key]);
                  if (value === null) return null;
                  return (
                    <circle
                      key={labels[index]}
                      cx={(x(labels[index]!) ?? 0) + x.bandwidth() / 2}
                      cy={y(value)}
                      r={3.5}
                      fill={color}
                    >
                      <title>{`${names[index]}, ${column.label}: ${formatInsight(value, column.unit)}`}</title>
                    </circle>
                  );
                })}
              </g>
            ))}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          tickFormat={(value) => formatTick(Number(value), panel.unit, tickStep)}
          stroke="#94a3b8"
          tickStroke="#94a3b8"
          tickLabelProps={{ ...TICK_LABEL, textAnchor: 'end', dx: -4, dy: '0.33em' }}
        />
        <AxisBottom
          top={plotHeight}
          scale={x}
          stroke="#94a3b8"
          tickStroke="#94a3b8"
          tickValues={labels.filter((_, index) => index % every === 0)}
          tickFormat={(label) => shortLabels[labels.indexOf(label)]}
          tickLabelProps={
            slanted
              ? { ...TICK_LABEL, textAnchor: 'end', angle: -40, dx: -4, dy: 2 }
              : { ...TICK_LABEL, textAnchor: 'middle' }
          }
        />
      </Group>
    </svg>
  );
}
