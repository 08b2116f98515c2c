'use client';

import { fmt } from '@/lib/i18n/format';
import type { ExportKind } from '../use-market';
import { Button, LockPanel, StateBox, ui } from './parts';
import type { SectionProps } from './section-props';

export function ExportButton({ m, t, kind }: SectionProps & { kind: ExportKind }) {
  const busy = m.exportState?.kind === kind && m.exportState.status === 'busy';
  return (
    <Button onClick={() => void m.exportCsv(kind)} busy={busy} testId={`export-${kind}`}>
      {busy ? t.exporting : t.exportCsv}
    </Button>
  );
}

/** What the last export did, in place: the file, or the lock saying what would allow it. */
export function ExportStatus({ m, t, kind }: SectionProps & { kind: ExportKind }) {
  const e = m.exportState;
  if (!e || e.kind !== kind || e.status === 'busy') return null;
  if (e.status === 'done')
    return (
      <p className={ui.provenance} role="status" data-testid="export-done">
        {fmt(t.exported, { file: e.file ?? '' })}
      </p>
    );
  if (e.status === 'locked' && e.lock) return <LockPanel lock={e.lock} t={t} compact />;
  return <StateBox error title={e.message ?? ''} />;
}
