'use client';

import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Progress, Spin, Steps, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_PRICE_UPLOAD_BYTES, type PriceImport } from '@/lib/api/console/schemas/data-imports';
import { request } from '@/lib/api/request';
import type { RequestError } from '@/lib/api/request-error';
import { useConsoleT } from '../i18n';
import { ImportSummaryView } from './import-summary';
import styles from './imports.module.css';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; file: string; pct: number }
  | { kind: 'importing'; file: string; started: number }
  | { kind: 'done'; file: string; record: PriceImport }
  | { kind: 'failed'; file: string; error: string; step: number };

const MB = MAX_PRICE_UPLOAD_BYTES / 1024 / 1024;

/** Reads a file as UTF-8 text, telling how far it got. */
function readText(file: File, onPct: (pct: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onprogress = (e) => e.lengthComputable && onPct(Math.round((e.loaded / e.total) * 100));
    r.onload = () => resolve(String(r.result ?? ''));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsText(file, 'utf-8');
  });
}

// An import can outlast a call's usual 20 s (a large file, or one queued behind another import
// on the embedded database); giving up then ended the request and the server dropped the import.
const IMPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * Upload a price file: the browser reads it (with its progress), the server imports it through
 * the one import path (ConsoleImportPrices) while the screen counts the seconds, then the summary.
 */
export function ImportUpload() {
  const { m, f, locale } = useConsoleT();
  const t = m.imports;
  const qc = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (phase.kind !== 'importing') return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [phase.kind]);

  async function start(file: File) {
    const name = file.name;
    if (!/\.csv$/i.test(name)) return setPhase({ kind: 'failed', file: name, error: t.notCsv, step: 0 });
    if (file.size > MAX_PRICE_UPLOAD_BYTES) {
      const size = `${(file.size / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
      return setPhase({ kind: 'failed', file: name, error: f(t.tooBig, { size, mb: MB }), step: 0 });
    }
    setPhase({ kind: 'reading', file: name, pct: 0 });
    let csv: string;
    try {
      csv = await readText(file, (pct) => setPhase({ kind: 'reading', file: name, pct }));
    } catch (e) {
      return setPhase({ kind: 'failed', file: name, error: String((e as Error).message), step: 0 });
    }
    const started = Date.now();
    setNow(started);
    setPhase({ kind: 'importing', file: name, started });
    try {
      const record = await request('ConsoleImportPrices', {
        body: { fileName: name, csv },
        skipErrorHandler: true,
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      setPhase({ kind: 'done', file: name, record });
    } catch (e) {
      setPhase({ kind: 'failed', file: name, error: (e as RequestError).text ?? String(e), step: 1 });
    } finally {
      void qc.invalidateQueries({ queryKey: ['ConsoleImports'] });
      void qc.invalidateQueries({ queryKey: ['ConsoleAuditLog'] });
    }
  }

  const busy = phase.kind === 'reading' || phase.kind === 'importing';
  const step = { idle: 0, reading: 0, importing: 1, done: 2, failed: phase.kind === 'failed' ? phase.step : 0 }[
    phase.kind
  ];
  return (
    <Card title={t.upload} className={styles.card}>
      {(phase.kind === 'idle' || phase.kind === 'failed') && (
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t.drop}</p>
          <p className="ant-upload-hint">{f(t.dropHint, { mb: MB })}</p>
        </Upload.Dragger>
      )}
      {phase.kind !== 'idle' && (
        <div className={styles.progress} aria-live="polite">
          <Steps
            size="small"
            current={step}
            status={phase.kind === 'failed' ? 'error' : phase.kind === 'done' ? 'finish' : 'process'}
            items={[{ title: t.stepRead }, { title: t.stepImport }, { title: t.stepDone }]}
          />
          {phase.kind === 'reading' && (
            <>
              <Progress percent={phase.pct} status="active" aria-label={t.stepRead} />
              <p>{f(t.reading, { file: phase.file, pct: phase.pct })}</p>
            </>
          )}
          {phase.kind === 'importing' && (
            <div className={styles.importing}>
              <Spin size="small" />
              {f(t.importing, { file: phase.file, s: Math.max(0, Math.floor((now - phase.started) / 1000)) })}
            </div>
          )}
          {phase.kind === 'failed' && (
            <Alert type="error" showIcon message={f(t.failed, { msg: phase.error })} description={phase.file} />
          )}
        </div>
      )}
      {phase.kind === 'done' && (
        <>
          <ImportSummaryView record={phase.record} />
          <Button type="primary" onClick={() => setPhase({ kind: 'idle' })} className={styles.again}>
            {t.another}
          </Button>
        </>
      )}
    </Card>
  );
}
