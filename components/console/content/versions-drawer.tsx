'use client';

import { Button, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { NewsVersion } from '@/lib/api/console/schemas/content';
import type { NewsStatus } from '@/lib/api/schemas/content';
import { useApiQuery } from '@/lib/api/hooks';
import type { RequestError } from '@/lib/api/request-error';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { DiffTable } from '../shared/diff-table';
import { LoadFailed } from '../shared/load-failed';
import type { ArticleForm } from './article-form';
import styles from './content.module.css';

const TEXT_FIELDS = ['title', 'summary', 'source', 'author', 'body', 'coverAlt'] as const;
/** Every text field, an absent one as empty: a version may lack what the editor holds as ''. */
const textsOf = (x: Partial<Record<(typeof TEXT_FIELDS)[number], string>> | undefined) =>
  Object.fromEntries(TEXT_FIELDS.map((k) => [k, x?.[k] ?? '']));

/** What a version and the editor are compared on: the texts of both languages, category and cover. */
const comparable = (a: {
  categoryId: string;
  cover: string | null;
  texts: ArticleForm['texts'] | NewsVersion['article']['texts'];
}) => ({
  categoryId: a.categoryId,
  cover: a.cover,
  texts: { 'zh-CN': textsOf(a.texts['zh-CN']), en: textsOf(a.texts.en) },
});

/** One saved state as the versions list shows it (an audit record of the item). */
export type VersionRow = {
  auditId: number;
  at: string;
  actorName: string;
  action: string;
  version: number | null;
  status: NewsStatus | null;
};

/**
 * An item's versions (its audit records), newest first: each compared field by field with what
 * is in the editor (`compare` makes both sides alike), and restored as the next version (editors).
 */
export function VersionsDrawer<V extends VersionRow>({
  open,
  onClose,
  versions,
  compare,
  actions,
  restoreConfirm,
  canRestore,
  onRestore,
}: {
  open: boolean;
  onClose: () => void;
  versions: {
    data?: V[];
    isError: boolean;
    isLoading: boolean;
    error: RequestError | null;
    refetch: () => Promise<unknown>;
  };
  /** The version's side and the editor's side of the comparison. */
  compare: (v: V) => { before: unknown; after: unknown };
  actions: Record<string, string>;
  restoreConfirm: string;
  canRestore: boolean;
  onRestore: (v: V) => Promise<void>;
}) {
  const { m, f } = useConsoleT();
  const t = m.versions;
  const [picked, setPicked] = useState<V | null>(null);
  const diff = picked && compare(picked);
  return (
    <Drawer title={t.title} open={open} onClose={onClose} size="large" destroyOnHidden>
      {versions.isError ? (
        <LoadFailed error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <List<V>
          loading={versions.isLoading}
          dataSource={versions.data ?? []}
          locale={{ emptyText: <Empty description={t.none} /> }}
          renderItem={(v) => (
            <List.Item
              className={picked?.auditId === v.auditId ? styles.pickedVersion : undefined}
              actions={[
                <Button key="cmp" size="small" onClick={() => setPicked(picked?.auditId === v.auditId ? null : v)}>
                  {t.compare}
                </Button>,
                canRestore && (
                  <Popconfirm
                    key="restore"
                    title={restoreConfirm}
                    onConfirm={async () => {
                      await onRestore(v);
                      await versions.refetch();
                    }}
                  >
                    <Button size="small" type="primary" ghost>
                      {t.restore}
                    </Button>
                  </Popconfirm>
                ),
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <span>{v.version ? `v${v.version}` : '—'}</span>
                    {v.status && <Tag>{m.news.status[v.status]}</Tag>}
                    <Typography.Text type="secondary">{dateTime(v.at)}</Typography.Text>
                  </Space>
                }
                description={f(t.by, { who: v.actorName, action: actions[v.action] ?? v.action })}
              />
            </List.Item>
          )}
        />
      )}
      {picked && diff && (
        <section className={styles.diff} aria-label={f(t.diffTitle, { v: picked.version ?? '—' })}>
          <Typography.Title level={5}>{f(t.diffTitle, { v: picked.version ?? '—' })}</Typography.Title>
          <DiffTable before={diff.before} after={diff.after} />
        </section>
      )}
    </Drawer>
  );
}

/** An article's versions: ConsoleNewsVersions, compared on texts, category and cover. */
export function NewsVersionsDrawer({
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
  form: ArticleForm;
  canRestore: boolean;
  onRestore: (v: NewsVersion) => Promise<void>;
}) {
  const { m } = useConsoleT();
  const versions = useApiQuery('ConsoleNewsVersions', { body: { id } }, { enabled: open });
  return (
    <VersionsDrawer<NewsVersion>
      open={open}
      onClose={onClose}
      versions={versions}
      compare={(v) => ({ before: comparable(v.article), after: comparable(form) })}
      actions={m.versions.actions}
      restoreConfirm={m.versions.restoreConfirm}
      canRestore={canRestore}
      onRestore={onRestore}
    />
  );
}
