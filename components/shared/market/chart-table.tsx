'use client';

import { useState } from 'react';
import type { Row } from './charts';
import css from './charts.module.css';

/** A column of the table: its heading, and the row keys whose first figure it shows (a line's runs). */
export type ChartColumn = { label: string; keys: string[] };

/**
 * A chart's figures as a table, under it: what a screen reader or keyboard reads instead of the
 * drawing (the chart itself is one named image). Its rows are made only once it is opened: a year
 * of daily prices is hundreds of rows no one asked for.
 */
export function ChartTable({
  rows,
  columns,
  format,
  summary,
}: {
  rows: Row[];
  columns: ChartColumn[];
  format: (v: number) => string;
  summary: string;
}) {
  const [open, setOpen] = useState(false);
  const cell = (r: Row, c: ChartColumn) => {
    for (const k of c.keys) {
      const v = r[k];
      if (typeof v === 'number') return format(v);
      if (Array.isArray(v)) return `${format(v[0])} – ${format(v[1])}`;
    }
    return null;
  };
  return (
    <details className={css.table} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="chart-table">
      <summary>{summary}</summary>
      {open && (
        <div className={css.tableScroll} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col" />
                {columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const cells = columns.map((c) => cell(r, c));
                if (cells.every((x) => x === null)) return null;
                return (
                  <tr key={r.date}>
                    <th scope="row">{r.date}</th>
                    {cells.map((x, i) => (
                      <td key={columns[i]!.label}>{x ?? '–'}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
