import { scaleLinear, scaleUtc } from 'd3-scale';
import { line } from 'd3-shape';
import s from './embed.module.css';

export type EmbedLine = { name: string; points: [date: string, value: number][] };

const W = 640;
const H = 300;
const M = { top: 12, right: 16, bottom: 28, left: 52 };
const COLOURS = ['#0f7b5f', '#e59a1a', '#0e7c86', '#8e44ad', '#c0392b'];
const utc = (d: string) => new Date(`${d}T00:00:00Z`);

/**
 * A line chart drawn on the server as plain SVG (d3-scale and d3-shape compute it; no script runs
 * in the page): the embed's chart, light enough for anyone's page (docs/data-api.md, embeds).
 */
export function EmbedChart({
  lines,
  label,
  valueText,
}: {
  lines: EmbedLine[];
  label: string;
  valueText: (v: number) => string;
}) {
  const all = lines.flatMap((l) => l.points);
  if (all.length === 0) return null;
  const dates = all.map((p) => utc(p[0]).getTime());
  const values = all.map((p) => p[1]);
  const x = scaleUtc()
    .domain([Math.min(...dates), Math.max(...dates)])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([Math.min(...values), Math.max(...values)])
    .nice(5)
    .range([H - M.bottom, M.top]);
  const path = line<[string, number]>()
    .x((p) => x(utc(p[0])))
    .y((p) => y(p[1]));
  const xTicks = x.ticks(5);
  const spansYears = new Date(Math.min(...dates)).getUTCFullYear() !== new Date(Math.max(...dates)).getUTCFullYear();
  const dayLabel = (d: Date) => d.toISOString().slice(spansYears ? 0 : 5, spansYears ? 7 : 10);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={s.chart} role="img" aria-label={label}>
      {y.ticks(5).map((v) => (
        <g key={v}>
          <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} className={s.grid} />
          <text x={M.left - 6} y={y(v)} className={s.yTick}>
            {valueText(v)}
          </text>
        </g>
      ))}
      {xTicks.map((d) => (
        <text key={d.getTime()} x={x(d)} y={H - 8} className={s.xTick}>
          {dayLabel(d)}
        </text>
      ))}
      {lines.map((l, i) => (
        <path key={l.name} d={path(l.points) ?? ''} className={s.line} stroke={COLOURS[i % COLOURS.length]}>
          <title>{l.name}</title>
        </path>
      ))}
    </svg>
  );
}
