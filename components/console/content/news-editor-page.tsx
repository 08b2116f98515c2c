'use client';

import { ArrowLeftOutlined, EyeOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import Link from 'next/link';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { rolesAllow } from '@/lib/api/console/roles';
import type { ConsoleArticle, NewsVersion } from '@/lib/api/console/schemas/content';
import type { SavedNews } from '@/lib/api/schemas/content';
import { useApiQuery } from '@/lib/api/hooks';
import { request } from '@/lib/api/request';
import { RequestError } from '@/lib/api/request-error';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { useMe } from '../shell/me';
import { type ArticleForm, bodyOf, emptyForm, fieldOf, formOf } from './article-form';
import { CoverField } from './cover-field';
import { LanguageColumn } from './language-column';
import { PreviewModal } from './preview-modal';
import { PublishActions } from './publish-actions';
import { StatusTag } from './status-tag';
import { useAutosave } from './use-autosave';
import { VersionsDrawer } from './versions-drawer';
import styles from './content.module.css';

/** /console/content/news/new and /console/content/news/<id>: one article, both languages side by side. */
export function NewsEditorPage({ id: asked }: { id: number | null }) {
  const { m, locale } = useConsoleT();
  // The article this page opened: a new one's first save names it in the address bar only.
  const [id] = useState(asked);
  const t = m.editor;
  // Read once: a refetch must not replace what is being typed (a reload after a conflict asks for it).
  const article = useApiQuery(
    'ConsoleNewsGet',
    { body: { id: id ?? 0 } },
    { enabled: id !== null, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  const [round, setRound] = useState(0);
  // A new article, once saved, is being edited.
  const [created, setCreated] = useState(false);
  return (
    <ConsolePage
      title={id || created ? t.editTitle : t.newTitle}
      roles={['editor', 'contributor']}
      extra={
        <Link href="/console/content/news">
          <Button icon={<ArrowLeftOutlined />}>{t.back}</Button>
        </Link>
      }
    >
      {id === null ? (
        <Editor key="new" initial={null} locale={locale} onCreated={() => setCreated(true)} />
      ) : article.isError ? (
        <LoadFailed error={article.error} onRetry={() => void article.refetch()} />
      ) : !article.data ? (
        <Spin />
      ) : (
        <Editor
          key={`${article.data.id}:${round}`}
          initial={article.data}
          locale={locale}
          onReload={async () => {
            await article.refetch();
            setRound((r) => r + 1);
          }}
        />
      )}
    </ConsolePage>
  );
}

type Saved = { id: number; version: number; status: ConsoleArticle['status']; publishedAt: string | null };

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
  const { m, f } = useConsoleT();
  const t = m.editor;
  const me = useMe();
  const { message } = App.useApp();
  const isEditor = rolesAllow(me.roles, ['editor']);
  const categories = useApiQuery('QueryNewsCategory', { query: { lang: locale === 'zh-CN' ? 'zh-CN' : 'en' } });
  const [form, setForm] = useState<ArticleForm>(() => (initial ? formOf(initial) : emptyForm()));
  const [saved, setSaved] = useState<Saved | null>(
    initial && { id: initial.id, version: initial.version, status: initial.status, publishedAt: initial.publishedAt },
  );
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // What an awaited save reads when its turn comes: the latest text and version, not a render's.
  const formRef = useRef(form);
  const savedRef = useRef(saved);
  useLayoutEffect(() => {
    formRef.current = form;
    savedRef.current = saved;
  });

  // A new article takes the first category once they are known.
  useEffect(() => {
    const first = categories.data?.[0]?.id;
    if (first && !formRef.current.categoryId) setForm((x) => ({ ...x, categoryId: first }));
  }, [categories.data]);

  const status = saved?.status ?? 'draft';
  const live = status !== 'draft';
  // A contributor may change drafts only; a published or scheduled article is the editors'.
  const readOnly = live && !isEditor;

  // Changes made while a save is on its way stay unsaved after it.
  const changes = useRef(0);
  const update = (next: ArticleForm) => {
    changes.current++;
    setForm(next);
    setDirty(true);
    setInvalid(null);
    autosave.touched();
  };

  const took = useCallback((s: SavedNews, publishedAt?: string | null) => {
    setSaved((old) => ({ ...s, publishedAt: publishedAt ?? old?.publishedAt ?? null }));
  }, []);

  /** A call's refusal: a conflict keeps the text and offers a reload; a bad field is marked. */
  const refused = useCallback(
    (e: unknown) => {
      const err = e instanceof RequestError ? e : null;
      if (err?.code === 409 && (err.ref?.key === 'content.staleVersion' || /version|版/i.test(err.msg)))
        setConflict(err.text);
      else {
        setInvalid(fieldOf(err?.msg));
        message.error(err?.text ?? String(e));
      }
    },
    [message],
  );

  // One save at a time: a click while the autosave is on its way waits for it, then names its version.
  const inflight = useRef<Promise<unknown>>(Promise.resolve());

  const saveNow = async (quiet: boolean): Promise<Saved | null> => {
    const s = savedRef.current;
    const seen = changes.current;
    const body = bodyOf(formRef.current, s?.id ?? null, s?.version ?? null);
    const call = s && s.status !== 'draft' ? 'SaveNews' : 'ConsoleSaveNewsDraft';
    try {
      const r = await request(call, { body, skipErrorHandler: true });
      const next = { ...r, publishedAt: s?.publishedAt ?? null };
      setSaved(next);
      savedRef.current = next;
      if (changes.current === seen) setDirty(false);
      // The address names the new article (Next keeps its router in step with the History API).
      if (!s) {
        window.history.replaceState(null, '', `/console/content/news/${r.id}`);
        onCreated?.();
      }
      if (!quiet) message.success(f(t.saved, { v: r.version }));
      return next;
    } catch (e) {
      refused(e);
      return null;
    }
  };

  /** Saves what is in the editor: a draft through the draft save, a live article through SaveNews (editors). */
  const save = (quiet = false): Promise<Saved | null> => {
    const next = inflight.current.then(() => saveNow(quiet));
    inflight.current = next;
    return next;
  };

  const autosave = useAutosave({ enabled: !live && !conflict && !busy, dirty, save });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const publish = (at?: string) =>
    run(async () => {
      const s = dirty || !savedRef.current ? await save(true) : savedRef.current;
      if (!s) return;
      try {
        const r = await request('ConsolePublishNews', {
          body: { id: s.id, version: s.version, ...(at ? { at } : {}) },
          skipErrorHandler: true,
        });
        took(r, at ?? new Date().toISOString());
        message.success(at ? f(t.scheduled, { at: dateTime(at) }) : t.published);
      } catch (e) {
        refused(e);
      }
    });

  const unpublish = () =>
    run(async () => {
      const s = savedRef.current!;
      try {
        took(await request('ConsoleUnpublishNews', { body: { id: s.id, version: s.version }, skipErrorHandler: true }));
        message.success(t.unpublished);
      } catch (e) {
        refused(e);
      }
    });

  const restore = async (v: NewsVersion) => {
    const s = savedRef.current!;
    try {
      const r = await request('ConsoleRestoreNews', {
        body: { id: s.id, version: s.version, auditId: v.auditId },
        skipErrorHandler: true,
      });
      const fresh = await request('ConsoleNewsGet', { body: { id: s.id } });
      setForm(formOf(fresh));
      took(r);
      setDirty(false);
      message.success(f(m.versions.restored, { v: r.version }));
    } catch (e) {
      refused(e);
    }
  };

  return (
    <div className={styles.editor}>
      {conflict && (
        <Alert
          type="error"
          showIcon
          className={styles.conflict}
          message={t.conflictTitle}
          description={f(t.conflictBody, { msg: conflict })}
          action={
            <Button
              danger
              onClick={() => {
                setConflict(null);
                setDirty(false);
                if (onReload) void onReload();
                else setTimeout(() => window.location.reload(), 0);
              }}
            >
              {t.reload}
            </Button>
          }
        />
      )}
      {readOnly && <Alert type="info" showIcon message={f(t.contributorNote, { status: m.news.status[status] })} />}
      <Card className={styles.bar} size="small">
        <div className={styles.barRow}>
          <Space wrap size="middle">
            <StatusTag status={status} />
            {saved && <Typography.Text type="secondary">{f(t.versionLine, { v: saved.version })}</Typography.Text>}
            {status === 'scheduled' && saved?.publishedAt && (
              <Tag color="gold">{f(t.scheduledFor, { at: dateTime(saved.publishedAt) })}</Tag>
            )}
            <Typography.Text type="secondary" aria-live="polite" data-testid="save-state">
              {autosave.saving
                ? t.autosaving
                : dirty
                  ? t.unsaved
                  : autosave.lastAt
                    ? f(t.autosaved, { at: autosave.lastAt })
                    : saved
                      ? t.upToDate
                      : ''}
            </Typography.Text>
          </Space>
          <Space wrap>
            {saved && (
              <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
                {t.versions}
              </Button>
            )}
            {saved && (
              <Button
                icon={<EyeOutlined />}
                disabled={busy}
                onClick={() =>
                  // A draft is saved first, so the preview shows what is in the editor.
                  void run(async () => {
                    if (dirty && !live && !readOnly && !(await save(true))) return;
                    setPreviewOpen(true);
                  })
                }
              >
                {t.preview}
              </Button>
            )}
            <PublishActions
              status={status}
              isEditor={isEditor}
              busy={busy}
              readOnly={readOnly}
              onSave={() => run(async () => void (await save()))}
              onPublish={publish}
              onUnpublish={unpublish}
            />
          </Space>
        </div>
      </Card>
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
            onChange={(v) => update({ ...form, texts: { ...form.texts, [l]: v } })}
          />
        ))}
      </div>
      {saved && (
        <PreviewModal
          id={saved.id}
          version={saved.version}
          open={previewOpen}
          unsaved={dirty}
          onClose={() => setPreviewOpen(false)}
        />
      )}
      {saved && (
        <VersionsDrawer
          id={saved.id}
          open={versionsOpen}
          onClose={() => setVersionsOpen(false)}
          form={form}
          canRestore={isEditor}
          onRestore={restore}
        />
      )}
    </div>
  );
}
