'use client';

// Every recharts import of the portal lives here, and this module is only ever loaded through
// next/dynamic (lazy-charts.tsx): recharts stays out of the first load of every page.
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from 'recharts';
import { useMemo } from 'react';
import css from './charts.module.css';
import { ChartTable } from './chart-table';
import { dateLabel, dateTicks } from './date-ticks';

export const PALETTE = ['#0f7b5f', '#e59a1a', '#2f6fd0', '#b4467a', '#6b5bd2'];
const SEASON = ['#8aa39c', '#b7c6c1', '#d3ddda'];

export type SeriesSpec = {
  key: string;
  label: string;
  color?: string;
  dashed?: boolean;
  muted?: boolean;
  /** The line's place in the palette (its runs share it); else its index. */
  slot?: number;
  /** Monthly observations: straight segments and a dot each, never a smooth curve. */
  monthly?: boolean;
  /** False for a monthly line's later runs: the key names the line once. */
  inLegend?: boolean;
};
export type Row = { date: string } & Record<string, number | string | [number, number] | null | undefined>;

/**
 * The legend as a plain list: recharts' own draws each swatch as an <svg aria-label="… legend icon">,
 * English on every page; the names are the text, the swatches are decoration.
 */
function LegendList({ payload }: { payload?: ReadonlyArray<{ value?: unknown; color?: string; inactive?: boolean }> }) {
  return (
    <ul className={css.legend}>
      {(payload ?? []).map((p) => (
        <li key={String(p.value)} className="recharts-legend-item-text">
          <span aria-hidden="true" style={{ background: p.color }} />
          {String(p.value ?? '')}
        </li>
      ))}
    </ul>
  );
}

type Common = {
  rows: Row[];
  height?: number;
  label: string;
  format: (v: number) => string;
  compact?: boolean;
  /** The summary of the figures' table under the chart; none without it. */
  table?: string;
  /** Monthly buckets read "2025-06" on the axis and in the tooltip (docs/market-data.md#defaults). */
  granularity?: 'day' | 'week' | 'month';
};

/** A tooltip's heading: a month's bucket as its month. */
const bucketLabel = (granularity: Common['granularity']) => (d: unknown) =>
  granularity === 'month' && typeof d === 'string' ? d.slice(0, 7) : String(d);

/**
 * The date axis, its labels chosen from their length. Left to itself, recharts measures every
 * label of the axis in the DOM to decide which to show (a forced layout each, twice with the grid):
 * on a year of daily prices that was most of the chart's first render on a phone. The labels of
 * one axis all have the same length, so that is not needed.
 */
function DateAxis({ rows, gap, granularity }: { rows: Row[]; gap: number; granularity?: Common['granularity'] }) {
  const width = usePlotArea()?.width ?? 0;
  const format = useMemo(
    () => dateLabel(rows[0]?.date ?? '', rows.at(-1)?.date ?? '', granularity),
    [rows, granularity],
  );
  const ticks = useMemo(
    () =>
      dateTicks(
        rows.map((r) => r.date),
        format,
        width,
        gap,
      ),
    [rows, format, width, gap],
  );
  return <XAxis dataKey="date" tickFormatter={format} ticks={ticks} interval={0} tick={{ fontSize: 12 }} />;
}

// The grid draws horizontal lines only: without this, recharts still works out (and measures) where
// vertical ones would go.
const NO_LINES = () => [];

export function TrendChart({
  rows,
  series,
  height = 320,
  label,
  format,
  compact,
  lockedUntil,
  lockedLabel,
  granularity,
  after,
  table,
}: Common & {
  series: SeriesSpec[];
  /** The window's start up to this date is locked: shaded, with the lock's name. */
  lockedUntil?: string;
  lockedLabel?: string;
  /** From this date to the end, marked with the label (figures past the exchange rates' last month). */
  after?: { from: string; label: string };
}) {
  return (
    <>
      <div role="img" aria-label={label} style={{ width: '100%', height }}>
        <ResponsiveContainer>
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e6ecea" vertical={false} verticalCoordinatesGenerator={NO_LINES} />
            <DateAxis rows={rows} gap={28} granularity={granularity} />
            <YAxis
              domain={['auto', 'auto']}
              tickFormatter={(v: number) => format(v)}
              width="auto"
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? format(v) : String(v))}
              labelFormatter={bucketLabel(granularity)}
            />
            {(!compact || series.filter((x) => !x.muted).length > 1) && <Legend content={<LegendList />} />}
            {lockedUntil && rows[0] && (
              <ReferenceArea
                x1={rows[0].date}
                x2={lockedUntil}
                fill="#9aa9a5"
                fillOpacity={0.18}
                label={{ value: lockedLabel ?? '', position: 'center', fontSize: 12, fill: '#5b6b66' }}
              />
            )}
            {after && rows.length > 0 && (
              <ReferenceArea
                x1={after.from}
                x2={rows[rows.length - 1]!.date}
                fill="#e59a1a"
                fillOpacity={0.08}
                stroke="#e59a1a"
                strokeOpacity={0.5}
                strokeDasharray="4 4"
                // Not 'discard' (the default): at some widths the last category's position rounds past the
                // axis range and the whole mark was dropped (none at 1024 px, shown at 1000 and 1050).
                ifOverflow="hidden"
                label={{ value: after.label, position: 'insideTopLeft', fontSize: 12, fill: '#8a5a06' }}
              />
            )}
            {series.map((s, i) => {
              const stroke =
                s.color ?? (s.muted ? SEASON[(s.slot ?? i) % SEASON.length] : PALETTE[(s.slot ?? i) % PALETTE.length]);
              return (
                <Line
                  key={s.key}
                  type={s.monthly ? 'linear' : 'monotone'}
                  dataKey={s.key}
                  name={s.label}
                  stroke={stroke}
                  strokeWidth={s.muted ? 1.5 : 2}
                  strokeDasharray={s.dashed ? '5 4' : undefined}
                  dot={s.monthly ? { r: s.muted ? 1.5 : 2.5, fill: stroke, stroke } : false}
                  legendType={s.inLegend === false ? 'none' : undefined}
                  connectNulls
                  isAnimationActive={false}
                />
              );
            })}
          </LineChart>
        </ResponsiveContainer>
      </div>
      {table && (
        <ChartTable
          rows={rows}
          summary={table}
          format={format}
          columns={[...new Set(series.map((x) => x.label))].map((l) => ({
            label: l,
            keys: series.filter((x) => x.label === l).map((x) => x.key),
          }))}
        />
      )}
    </>
  );
}

export function IndexChart({ rows, height = 300, label, format, name, granularity, table }: Common & { name: string }) {
  return (
    <>
      <div role="img" aria-label={label} style={{ width: '100%', height }}>
        <ResponsiveContainer>
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e6ecea" vertical={false} verticalCoordinatesGenerator={NO_LINES} />
            <DateAxis rows={rows} gap={28} granularity={granularity} />
            <YAxis
              domain={['auto', 'auto']}
              tickFormatter={(v: number) => format(v)}
              width="auto"
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? format(v) : String(v))}
              labelFormatter={bucketLabel(granularity)}
            />
            <ReferenceLine y={100} stroke="#9aa9a5" strokeDasharray="4 4" />
            {/* A monthly index: straight segments and a dot per month, never a curve through three points. */}
            <Line
              type={granularity === 'month' ? 'linear' : 'monotone'}
              dataKey="level"
              name={name}
              stroke={PALETTE[0]}
              strokeWidth={2}
              dot={granularity === 'month' ? { r: 2.5, fill: PALETTE[0], stroke: PALETTE[0] } : false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {table && <ChartTable rows={rows} summary={table} format={format} columns={[{ label: name, keys: ['level'] }]} />}
    </>
  );
}

export function ForecastChart({
  rows,
  height = 320,
  label,
  format,
  compact,
  names,
  table,
}: Common & { names: { history: string; gap: string; mid: string; band80: string; band95: string } }) {
  const hasGap = rows.some((r) => typeof r.gap === 'number');
  // Without a forecast (a series that ended, or too few months), the key names only the history.
  const hasForecast = rows.some((r) => typeof r.mid === 'number');
  return (
    <>
      <div role="img" aria-label={label} style={{ width: '100%', height }}>
        <ResponsiveContainer>
          <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e6ecea" vertical={false} verticalCoordinatesGenerator={NO_LINES} />
            <DateAxis rows={rows} gap={24} />
            <YAxis
              domain={['auto', 'auto']}
              tickFormatter={(v: number) => format(v)}
              width="auto"
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              formatter={(v) =>
                Array.isArray(v)
                  ? `${format(Number(v[0]))} – ${format(Number(v[1]))}`
                  : typeof v === 'number'
                    ? format(v)
                    : String(v)
              }
            />
            {/* A phone drops the key, unless a dotted stretch of months without a price needs it. */}
            {(!compact || hasGap) && <Legend content={<LegendList />} />}
            {hasForecast && (
              <Area
                dataKey="band95"
                name={names.band95}
                stroke="none"
                fill="#f2c14e"
                fillOpacity={0.25}
                isAnimationActive={false}
              />
            )}
            {hasForecast && (
              <Area
                dataKey="band80"
                name={names.band80}
                stroke="none"
                fill="#e59a1a"
                fillOpacity={0.35}
                isAnimationActive={false}
              />
            )}
            {/* Months with a price: straight segments, a dot each, broken where a month has none. */}
            <Line
              type="linear"
              dataKey="history"
              name={names.history}
              stroke={PALETTE[0]}
              strokeWidth={2}
              dot={{ r: 2, fill: PALETTE[0] }}
              isAnimationActive={false}
            />
            {/* Months without a price: a thin dotted line between the neighbours, in the key. */}
            {hasGap && (
              <Line
                type="linear"
                dataKey="gap"
                name={names.gap}
                stroke="#7f8c88"
                strokeWidth={1.5}
                strokeDasharray="2 4"
                dot={false}
                activeDot={false}
                tooltipType="none"
                isAnimationActive={false}
              />
            )}
            {hasForecast && (
              <Line
                type="linear"
                dataKey="mid"
                name={names.mid}
                stroke="#b3650b"
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={{ r: 2 }}
                isAnimationActive={false}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {table && (
        <ChartTable
          rows={rows}
          summary={table}
          format={format}
          columns={[
            { label: names.history, keys: ['history', 'gap'] },
            { label: names.mid, keys: ['mid'] },
            { label: names.band80, keys: ['band80'] },
            { label: names.band95, keys: ['band95'] },
          ]}
        />
      )}
    </>
  );
}

export function Sparkline({
  rows,
  dataKey,
  height = 56,
  label,
  color = PALETTE[0],
}: {
  rows: Row[];
  dataKey: string;
  height?: number;
  label: string;
  /** The line's colour: the tone of its change, where that means something. */
  color?: string;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer>
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 4, right: 2, bottom: 4, left: 2 }}>
          <YAxis hide domain={['auto', 'auto']} />
          <Line
            type="monotone"
            dataKey={dataKey}
            stroke={color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
