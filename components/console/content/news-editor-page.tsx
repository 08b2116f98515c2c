'use client';

import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { ConsoleArticle, NewsVersion } from '@/lib/api/console/schemas/content';
import { useApiQuery } from '@/lib/api/hooks';
import { request } from '@/lib/api/request';
import { useConsoleT } from '../i18n';
import { EditorFrame } from './editor-frame';
import { type ArticleForm, bodyOf, emptyForm, formOf } from './article-form';
import { CoverField } from './cover-field';
import { EditorBar } from './editor-bar';
import { LanguageColumn } from './language-column';
import { PreviewButton } from './preview-modal';
import { PublishActions } from './publish-actions';
import { useVersionedEditor } from './use-versioned-editor';
import { NewsVersionsDrawer } from './versions-drawer';
import styles from './content.module.css';

/** /console/content/news/new and /console/content/news/<id>: one article, both languages side by side. */
export function NewsEditorPage({ id: asked }: { id: number | null }) {
  const { m, locale } = useConsoleT();
  const [id] = useState(asked);
  const t = m.editor;
  const article = useApiQuery(
    'ConsoleNewsGet',
    { body: { id: id ?? 0 } },
    { enabled: id !== null, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  return (
    <EditorFrame
      id={id}
      record={article}
      titles={{ edit: t.editTitle, create: t.newTitle, back: t.back }}
      backHref="/console/content/news"
      editor={({ key, ...p }) => <Editor key={key} {...p} locale={locale} />}
    />
  );
}

function Editor({
  initial,
  locale,
  onReload,
  onCreated,
}: {
  initial: ConsoleArticle | null;
  locale: string;
  onReload?: () => Promise<unknown>;
  onCreated?: () => void;
}) {
  const { m } = useConsoleT();
  const t = m.editor;
  const categories = useApiQuery('QueryNewsCategory', { query: { lang: locale === 'zh-CN' ? 'zh-CN' : 'en' } });
  const [versionsOpen, setVersionsOpen] = useState(false);
  const e = useVersionedEditor<ArticleForm, NewsVersion>(
    () => (initial ? formOf(initial) : emptyForm()),
    initial && { id: initial.id, version: initial.version, status: initial.status, publishedAt: initial.publishedAt },
    {
      save: (form, s) =>
        request(s && s.status !== 'draft' ? 'SaveNews' : 'ConsoleSaveNewsDraft', {
          body: bodyOf(form, s?.id ?? null, s?.version ?? null),
          skipErrorHandler: true,
        }),
      publish: (s, at) =>
        request('ConsolePublishNews', {
          body: { id: s.id, version: s.version, ...(at ? { at } : {}) },
          skipErrorHandler: true,
        }),
      unpublish: (s) =>
        request('ConsoleUnpublishNews', { body: { id: s.id, version: s.version }, skipErrorHandler: true }),
      restore: async (s, v) => {
        const saved = await request('ConsoleRestoreNews', {
          body: { id: s.id, version: s.version, auditId: v.auditId },
          skipErrorHandler: true,
        });
        return { saved, form: formOf(await request('ConsoleNewsGet', { body: { id: s.id } })) };
      },
      // The address names the new article (Next keeps its router in step with the History API).
      created: (id) => {
        window.history.replaceState(null, '', `/console/content/news/${id}`);
        onCreated?.();
      },
    },
  );
  const { form, update, saved, readOnly, invalid, busy } = e;

  // A new article takes the first category once they are known.
  const { adjust } = e;
  useEffect(() => {
    const first = categories.data?.[0]?.id;
    if (first) adjust((x) => (x.categoryId ? x : { ...x, categoryId: first }));
  }, [categories.data, adjust]);

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
            {t.versions}
          </Button>
        )}
        <PreviewButton kind="news" editor={e} />
        <PublishActions
          status={e.status}
          isEditor={e.isEditor}
          busy={busy}
          readOnly={readOnly}
          onSave={() => e.run(async () => void (await e.save()))}
          onPublish={e.publish}
          onUnpublish={e.unpublish}
        />
      </EditorBar>
      <Card size="small" className={styles.meta}>
        <Form layout="vertical" component="div" disabled={readOnly} className={styles.metaForm}>
          <Form.Item label={t.category} required validateStatus={invalid === 'categoryId' ? 'error' : undefined}>
            <Select
              aria-label={t.category}
              value={form.categoryId || undefined}
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={(v: string) => update({ ...form, categoryId: v })}
              className={styles.category}
            />
          </Form.Item>
          <Form.Item
            label={t.slug}
            extra={t.slugHint}
            validateStatus={invalid === 'slug' ? 'error' : undefined}
            htmlFor="article-slug"
          >
            <Input
              id="article-slug"
              value={form.slug}
              disabled={!!saved || readOnly}
              onChange={(e) => update({ ...form, slug: e.target.value })}
              className={styles.slug}
            />
          </Form.Item>
          <Form.Item label={t.cover} validateStatus={invalid === 'cover' ? 'error' : undefined}>
            <CoverField value={form.cover} onChange={(cover) => update({ ...form, cover })} readOnly={readOnly} />
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
            bodyKey="body"
            bodyLabel={m.editor.body}
            article
            onChange={(v) => update({ ...form, texts: { ...form.texts, [l]: v } })}
          />
        ))}
      </div>
      {saved && (
        <NewsVersionsDrawer
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
