'use client';

import { useRef, useState } from 'react';
import type { PriceAgTrendDTO, PriceIndexDTO, PriceTrendDTO, Provenance } from '@/lib/api/schemas/market';
import { RequestError } from '@/lib/api/request-error';
import { fmt } from '@/lib/i18n/format';
import { todayUtc } from '@/lib/shared/dates';
import { csvName, downloadText, forecastCsv, indexCsv, trendCsv } from '../csv';
import { sourceText } from '../ui/labels';
import type { SectionProps } from '../ui/section-props';
import { chartSvg, download, svgToPng } from './chart-image';
import s from './chart-tools.module.css';

type Kind = 'trend' | 'index' | 'forecast';
const PANEL: Record<Kind, string> = { trend: 'priceTrend', index: 'chartIndex', forecast: 'chartForecast' };

type Shown = { title: string; provenance: Provenance; csv: () => string; file: string; embeddable: boolean };

/** What the panel shows now, if it shows a chart: its title, provenance and the CSV of its points. */
function shownOf(m: SectionProps['m'], kind: Kind): Shown | null {
  if (kind === 'trend') {
    const d = m.trend.data;
    if (!d || d instanceof RequestError) return null;
    const tr = d as PriceTrendDTO;
    const title = `${tr.product.name} · ${tr.series.map((x) => x.regionName).join(' / ')}`;
    return {
      title,
      provenance: tr.provenance,
      csv: () => trendCsv(tr),
      file: csvName(tr.product.code, tr.from, tr.to),
      embeddable: tr.embeddable,
    };
  }
  if (kind === 'index') {
    const d = m.index.data;
    if (!d || d instanceof RequestError) return null;
    const ix = d as PriceIndexDTO;
    return {
      title: `${ix.index.name} · ${ix.regionName}`,
      provenance: ix.provenance,
      csv: () => indexCsv(ix),
      file: csvName(ix.index.code, ix.from, ix.to),
      embeddable: false,
    };
  }
  const d = m.agri.data;
  if (!d || d instanceof RequestError) return null;
  const f = d as PriceAgTrendDTO;
  return {
    title: `${f.product.name} · ${f.regionName}`,
    provenance: f.provenance,
    csv: () => forecastCsv(f),
    file: csvName(f.product.code, 'forecast'),
    embeddable: false,
  };
}

/**
 * Share, cite, download (PNG, SVG, the CSV of what is drawn) and embed a chart of the market page
 * (docs/data-api.md). Plain markup: one menu serves desktop and phone.
 */
export function ChartTools({ m, t, kind }: SectionProps & { kind: Kind }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [dialog, setDialog] = useState<null | 'cite' | 'embed'>(null);
  const [status, setStatus] = useState('');
  const shown = shownOf(m, kind);
  if (!shown) return null;
  const viewUrl = () => `${window.location.origin}${window.location.pathname}${window.location.search}#${PANEL[kind]}`;
  // As the provenance line under the chart says it, in the page's language.
  const sources = shown.provenance.sources.map((x) => (x.demo ? x.name : sourceText(t, x))).join('; ');
  const citation = () =>
    `${shown.title}. ${sources}. ${document.title.split(' - ').pop() ?? ''}, ${viewUrl()}, ${fmt(t.toolRetrieved, { date: todayUtc() })}.`;
  const embedUrl = () =>
    `${window.location.origin}/embed/trend${window.location.search || '?'}${window.location.search ? '&' : ''}lang=${m.lang}`;
  const embedCode = () =>
    `<iframe src="${embedUrl()}" title="${shown.title.replace(/"/g, '&quot;')}" width="100%" height="440" style="border:0" loading="lazy"></iframe>`;
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const done = (text: string) => {
    setStatus(text);
    closeMenu();
  };
  // A dialog replaces the menu: left open behind it, the next click on "Chart tools" would shut it.
  const openDialog = (which: 'cite' | 'embed') => {
    closeMenu();
    setDialog(which);
  };
  const copy = async (text: string, ok: string) => {
    try {
      await navigator.clipboard.writeText(text);
      done(ok);
    } catch {
      setDialog(null);
      window.prompt(t.toolCopy, text);
    }
  };
  const picture = async (type: 'svg' | 'png') => {
    const chart = document.getElementById(PANEL[kind])?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (!chart) return;
    const asOf = shown.provenance.asOf ?? '';
    const { svg, width, height } = chartSvg(chart, shown.title, [sources, `${asOf} · ${viewUrl()}`]);
    const name = shown.file.replace(/\.csv$/, `.${type}`);
    if (type === 'svg') download(name, new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
    else download(name, await svgToPng(svg, width, height));
    done('');
  };
  return (
    <>
      <details ref={menu} className={s.menu}>
        <summary className={s.summary} data-testid={`tools-${kind}`}>
          {t.toolTools}
        </summary>
        <div className={s.items} role="group" aria-label={t.toolTools}>
          <button type="button" onClick={() => void copy(viewUrl(), t.toolShareCopied)}>
            {t.toolShare}
          </button>
          <button type="button" onClick={() => openDialog('cite')}>
            {t.toolCite}
          </button>
          <button type="button" onClick={() => void picture('png')}>
            {t.toolPng}
          </button>
          <button type="button" onClick={() => void picture('svg')}>
            {t.toolSvg}
          </button>
          <button
            type="button"
            onClick={() => {
              downloadText(shown.file, shown.csv());
              done('');
            }}
          >
            {t.toolCsvShown}
          </button>
          {kind === 'trend' && (
            <button type="button" onClick={() => openDialog('embed')}>
              {t.toolEmbed}
            </button>
          )}
        </div>
      </details>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      {dialog && (
        <ToolDialog
          title={dialog === 'cite' ? t.toolCiteTitle : t.toolEmbedTitle}
          close={t.toolClose}
          onClose={() => setDialog(null)}
        >
          {dialog === 'cite' ? (
            <>
              <textarea readOnly value={citation()} rows={4} data-testid="citation" />
              <button type="button" className="btn btn-primary" onClick={() => void copy(citation(), t.toolCiteCopied)}>
                {t.toolCopy}
              </button>
            </>
          ) : shown.embeddable ? (
            <>
              <p>{t.toolEmbedBody}</p>
              <textarea readOnly value={embedCode()} rows={4} data-testid="embed-code" />
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void copy(embedCode(), t.toolEmbedCopied)}
              >
                {t.toolCopy}
              </button>
            </>
          ) : (
            <p data-testid="embed-locked">{t.toolEmbedLocked}</p>
          )}
        </ToolDialog>
      )}
    </>
  );
}

function ToolDialog({
  title,
  close,
  onClose,
  children,
}: {
  title: string;
  close: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <dialog
      ref={(d) => {
        ref.current = d;
        if (d && !d.open) d.showModal();
      }}
      className={s.dialog}
      aria-label={title}
      onClose={onClose}
    >
      <h3>{title}</h3>
      {children}
      <p>
        <button type="button" className={`btn ${s.secondary}`} onClick={() => ref.current?.close()}>
          {close}
        </button>
      </p>
    </dialog>
  );
}
