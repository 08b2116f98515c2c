'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { CountryImportRecord, PriceImport } from '@/lib/api/console/schemas/data-imports';
import { request } from '@/lib/api/request';
import type { RequestError } from '@/lib/api/request-error';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { download } from '../shared/json-diff';
import styles from './imports.module.css';

const OUTCOME_COLOUR = { ok: 'success', partial: 'warning', refused: 'error' } as const;

export function OutcomeTag({ outcome }: { outcome: PriceImport['outcome'] }) {
  const { m } = useConsoleT();
  return <Tag color={OUTCOME_COLOUR[outcome]}>{m.imports.outcome[outcome]}</Tag>;
}

/** Downloads an import's rejects file (kept with the import in the database). */
export function RejectsButton({ record, compact }: { record: PriceImport; compact?: boolean }) {
  const { m } = useConsoleT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!record.rejected)
    return <Typography.Text type="secondary">{compact ? '—' : m.imports.noRejects}</Typography.Text>;
  async function get() {
    setBusy(true);
    setError(null);
    try {
      const r = await request('ConsoleImportRejects', { body: { id: record.id }, skipErrorHandler: true });
      download(r.fileName, r.csv);
    } catch (e) {
      setError((e as RequestError).text ?? String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span>
      {compact ? (
        <Tooltip title={m.imports.downloadRejects}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={busy}
            onClick={get}
            aria-label={m.imports.downloadRejects}
          />
        </Tooltip>
      ) : (
        <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={get}>
          {m.imports.downloadRejects}
        </Button>
      )}
      {error && <Typography.Text type="danger"> {error}</Typography.Text>}
    </span>
  );
}

/** Rows per country: imported (new, changed, unchanged), rejected, new series, markets, span. */
export function CountryTable({ record }: { record: PriceImport }) {
  const { m, f, locale } = useConsoleT();
  const t = m.imports;
  const n = (x: number) => count(x, locale);
  return (
    <Table<CountryImportRecord>
      size="small"
      rowKey="country"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={record.countries}
      columns={[
        {
          title: t.country,
          key: 'country',
          render: (_, c) => (
            <span className={styles.country}>
              {c.country}
              {c.refused && <OutcomeTag outcome="refused" />}
            </span>
          ),
        },
        { title: t.rows, dataIndex: 'rows', align: 'right', render: n },
        {
          title: t.imported,
          key: 'imported',
          align: 'right',
          render: (_, c) => (c.refused ? 0 : n(c.inserted + c.updated + c.unchanged)),
        },
        { title: t.inserted, dataIndex: 'inserted', align: 'right', render: n },
        { title: t.updated, dataIndex: 'updated', align: 'right', render: n },
        { title: t.unchanged, dataIndex: 'unchanged', align: 'right', render: n },
        { title: t.rejected, dataIndex: 'rejected', align: 'right', render: n },
        { title: t.newSeries, dataIndex: 'newSeries', align: 'right', render: n },
        { title: t.markets, key: 'markets', align: 'right', render: (_, c) => `${n(c.markets)} (${n(c.newMarkets)})` },
        { title: t.period, key: 'period', render: (_, c) => (c.from ? `${c.from} … ${c.to}` : '—') },
      ]}
      footer={
        record.countries.some((c) => c.refused)
          ? () =>
              record.countries
                .filter((c) => c.refused)
                .map((c) => (
                  <Alert
                    key={c.country}
                    type="error"
                    showIcon
                    message={`${c.country}: ${f(t.refusedWhy, { why: c.refused ?? '' })}`}
                  />
                ))
          : undefined
      }
    />
  );
}

/** The unmapped commodities an import created, per country. */
export function UnmappedList({ record }: { record: PriceImport }) {
  const { m, f } = useConsoleT();
  const t = m.imports;
  const all = record.countries.flatMap((c) => c.newProducts.map((p) => ({ ...p, country: c.country })));
  if (!all.length) return <Typography.Text type="secondary">{t.unmappedNone}</Typography.Text>;
  return (
    <div>
      <Typography.Paragraph type="secondary">{t.unmappedHint}</Typography.Paragraph>
      <ul className={styles.unmapped}>
        {all.map((p) => (
          <li key={`${p.country}-${p.code}`}>
            <Tag>{p.country}</Tag>
            <strong>{p.name}</strong>{' '}
            <Typography.Text type="secondary">
              {p.category} · {f(t.perUnit, { unit: p.unit })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What one import did: the file, the outcome, per-country figures, unmapped commodities, rejects. */
export function ImportSummaryView({ record }: { record: PriceImport }) {
  const { m, f, locale } = useConsoleT();
  const t = m.imports;
  const n = (x: number) => count(x, locale);
  return (
    <section className={styles.summary} aria-label={t.summary}>
      <Typography.Title level={4}>
        {t.summary} <OutcomeTag outcome={record.outcome} />
      </Typography.Title>
      {record.refused && <Alert type="error" showIcon message={f(t.refusedWhy, { why: record.refused })} />}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'file', label: t.file, children: record.fileName },
          { key: 'when', label: t.when, children: dateTime(record.at) },
          { key: 'rows', label: t.rows, children: n(record.rows) },
          { key: 'imported', label: t.imported, children: n(record.imported) },
          { key: 'rejected', label: t.rejected, children: n(record.rejected) },
          { key: 'series', label: t.newSeries, children: n(record.newSeries) },
          { key: 'took', label: t.duration, children: f(t.took, { s: (record.ms / 1000).toFixed(1) }) },
          { key: 'rejects', label: t.rejects, children: <RejectsButton record={record} /> },
        ]}
      />
      {record.countries.length ? <CountryTable record={record} /> : <Empty description={t.outcome.refused} />}
      {record.unplaced > 0 && <Alert type="warning" showIcon message={f(t.unplaced, { n: record.unplaced })} />}
      <Typography.Title level={5}>{t.unmapped}</Typography.Title>
      <UnmappedList record={record} />
    </section>
  );
}
