'use client';

import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import type { ConsoleAttachment, ConsoleDocument, DocumentVersion } from '@/lib/api/console/schemas/documents';
import { useApiQuery } from '@/lib/api/hooks';
import { request } from '@/lib/api/request';
import { useConsoleT } from '../i18n';
import { EditorFrame } from './editor-frame';
import { AttachmentsField } from './attachments-field';
import { dirOptions } from './dir-modal';
import { LanguageColumn } from './language-column';
import { type DocumentForm, documentBodyOf, documentFormOf, emptyDocumentForm } from './document-form';
import { DocumentVersionsDrawer } from './document-versions-drawer';
import { EditorBar } from './editor-bar';
import { PreviewButton } from './preview-modal';
import { PublishActions } from './publish-actions';
import { useVersionedEditor } from './use-versioned-editor';
import styles from './content.module.css';

/** /console/content/documents/new and /console/content/documents/<id>: one document, both languages side by side. */
export function DocumentEditorPage({ id: asked, dirId }: { id: number | null; dirId: number | null }) {
  const { m } = useConsoleT();
  const t = m.docEditor;
  const [id] = useState(asked);
  const doc = useApiQuery(
    'ConsoleDocumentGet',
    { body: { id: id ?? 0 } },
    { enabled: id !== null, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  return (
    <EditorFrame
      id={id}
      record={doc}
      titles={{ edit: t.editTitle, create: t.newTitle, back: t.back }}
      backHref="/console/content/documents"
      editor={({ key, ...p }) => <Editor key={key} {...p} dirId={p.initial ? null : dirId} />}
    />
  );
}

function Editor({
  initial,
  dirId,
  onReload,
  onCreated,
}: {
  initial: ConsoleDocument | null;
  dirId: number | null;
  onReload?: () => Promise<unknown>;
  onCreated?: () => void;
}) {
  const { m, locale } = useConsoleT();
  const t = m.docEditor;
  const lang = locale === 'zh-CN' ? 'zh-CN' : 'en';
  const dirs = useApiQuery('ConsoleDocDirs', {});
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [files, setFiles] = useState<ConsoleAttachment[]>(initial?.attachments ?? []);
  const e = useVersionedEditor<DocumentForm, DocumentVersion>(
    () => (initial ? documentFormOf(initial) : emptyDocumentForm(dirId)),
    initial && { id: initial.id, version: initial.version, status: initial.status, publishedAt: initial.publishedAt },
    {
      save: (form, s) =>
        request(s && s.status !== 'draft' ? 'SaveKnowledge' : 'ConsoleSaveDocumentDraft', {
          body: documentBodyOf(form, s?.id ?? null, s?.version ?? null),
          skipErrorHandler: true,
        }) as Promise<{ id: number; version: number; status: ConsoleDocument['status'] }>,
      publish: (s, at) =>
        request('ConsolePublishDocument', {
          body: { id: s.id, version: s.version, ...(at ? { at } : {}) },
          skipErrorHandler: true,
        }),
      unpublish: (s) =>
        request('ConsoleUnpublishDocument', { body: { id: s.id, version: s.version }, skipErrorHandler: true }),
      restore: async (s, v) => {
        const saved = await request('ConsoleRestoreDocument', {
          body: { id: s.id, version: s.version, auditId: v.auditId },
          skipErrorHandler: true,
        });
        const fresh = await request('ConsoleDocumentGet', { body: { id: s.id } });
        setFiles(fresh.attachments);
        return { saved, form: documentFormOf(fresh) };
      },
      created: (id) => {
        window.history.replaceState(null, '', `/console/content/documents/${id}`);
        onCreated?.();
      },
    },
  );
  const { form, update, saved, readOnly, invalid, busy, adjust } = e;

  // A new document goes in the first directory until another is chosen (a save needs one).
  useEffect(() => {
    const first = dirs.data?.[0]?.id;
    if (first) adjust((x) => (x.dirId ? x : { ...x, dirId: first }));
  }, [dirs.data, adjust]);

  return (
    <div className={styles.editor}>
      <EditorBar
        editor={e}
        words={{ conflictTitle: t.conflictTitle, reload: t.reload, contributorNote: t.contributorNote }}
        onReload={() => {
          if (onReload) void onReload();
          else setTimeout(() => window.location.reload(), 0);
        }}
      >
        {saved && (
          <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
            {m.editor.versions}
          </Button>
        )}
        <PreviewButton kind="docs" editor={e} />
        <PublishActions
          status={e.status}
          isEditor={e.isEditor}
          busy={busy}
          readOnly={readOnly}
          words={{ unpublishConfirm: t.unpublishConfirm, scheduleHint: t.scheduleHint }}
          onSave={() => e.run(async () => void (await e.save()))}
          onPublish={e.publish}
          onUnpublish={e.unpublish}
        />
      </EditorBar>
      <Card size="small" className={styles.meta}>
        <Form layout="vertical" component="div" disabled={readOnly} className={styles.docMetaForm}>
          <Form.Item label={t.dir} required validateStatus={invalid === 'dirId' ? 'error' : undefined}>
            <TreeSelect
              aria-label={t.dir}
              placeholder={t.dirPick}
              value={form.dirId ?? undefined}
              loading={dirs.isLoading}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              treeData={dirOptions(dirs.data ?? [], lang)}
              onChange={(v: number) => update({ ...form, dirId: v })}
              className={styles.category}
            />
          </Form.Item>
          <Form.Item
            label={t.slug}
            extra={m.editor.slugHint}
            validateStatus={invalid === 'slug' ? 'error' : undefined}
            htmlFor="document-slug"
          >
            <Input
              id="document-slug"
              value={form.slug}
              disabled={!!saved || readOnly}
              onChange={(ev) => update({ ...form, slug: ev.target.value })}
              className={styles.slug}
            />
          </Form.Item>
        </Form>
        <Form layout="vertical" component="div">
          <Form.Item label={t.attachments} className={styles.attachmentsItem}>
            <AttachmentsField saved={saved} files={files} readOnly={readOnly} write={e.write} onFiles={setFiles} />
          </Form.Item>
        </Form>
      </Card>
      <div className={styles.columns}>
        {(['zh-CN', 'en'] as const).map((l) => (
          <LanguageColumn
            key={l}
            locale={l}
            value={form.texts[l]}
            invalidField={invalid}
            readOnly={readOnly}
            bodyKey="content"
            bodyLabel={m.docEditor.content}
            onChange={(v) => update({ ...form, texts: { ...form.texts, [l]: v } })}
          />
        ))}
      </div>
      {saved && (
        <DocumentVersionsDrawer
          id={saved.id}
          open={versionsOpen}
          onClose={() => setVersionsOpen(false)}
          form={form}
          canRestore={e.isEditor}
          onRestore={e.restore}
        />
      )}
    </div>
  );
}
