'use client';

import type { DocumentVersion } from '@/lib/api/console/schemas/documents';
import { useApiQuery } from '@/lib/api/hooks';
import { useConsoleT } from '../i18n';
import type { DocumentForm } from './document-form';
import { VersionsDrawer } from './versions-drawer';

const FIELDS = ['title', 'summary', 'content'] as const;
const textsOf = (x: Partial<Record<(typeof FIELDS)[number], string>> | undefined) =>
  Object.fromEntries(FIELDS.map((k) => [k, x?.[k] ?? '']));

/** A document's versions (ConsoleDocumentVersions), compared with the editor on its texts and directory. */
export function DocumentVersionsDrawer({
  id,
  open,
  onClose,
  form,
  canRestore,
  onRestore,
}: {
  id: number;
  open: boolean;
  onClose: () => void;
  form: DocumentForm;
  canRestore: boolean;
  onRestore: (v: DocumentVersion) => Promise<void>;
}) {
  const { m } = useConsoleT();
  const versions = useApiQuery('ConsoleDocumentVersions', { body: { id } }, { enabled: open });
  return (
    <VersionsDrawer<DocumentVersion>
      open={open}
      onClose={onClose}
      versions={versions}
      compare={(v) => ({
        before: {
          dirId: v.document.dirId,
          texts: { 'zh-CN': textsOf(v.document.texts['zh-CN']), en: textsOf(v.document.texts.en) },
        },
        after: { dirId: form.dirId, texts: { 'zh-CN': textsOf(form.texts['zh-CN']), en: textsOf(form.texts.en) } },
      })}
      actions={m.docEditor.actions}
      restoreConfirm={m.docEditor.restoreConfirm}
      canRestore={canRestore}
      onRestore={onRestore}
    />
  );
}
