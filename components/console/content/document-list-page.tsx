'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { rolesAllow } from '@/lib/api/console/roles';
import type { ConsoleDir, ConsoleDocumentRow, DocumentStatus } from '@/lib/api/console/schemas/documents';
import { DOCUMENT_STATUSES } from '@/lib/api/console/schemas/documents';
import { useApiQuery } from '@/lib/api/hooks';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { useMe } from '../shell/me';
import { DirTree } from './dir-tree';
import { StatusTag } from './status-tag';
import styles from './content.module.css';

const PAGE_SIZE = 20;

/** Each directory's path of names in one language ("Guides / Ledger"), by id. */
function pathsOf(dirs: ConsoleDir[], lang: 'zh-CN' | 'en'): Map<number, string> {
  const out = new Map<number, string>();
  const walk = (list: ConsoleDir[], prefix: string) => {
    for (const d of list) {
      const name = d.name[lang] || d.name[lang === 'en' ? 'zh-CN' : 'en'];
      const path = prefix ? `${prefix} / ${name}` : name;
      out.set(d.id, path);
      walk(d.children, path);
    }
  };
  walk(dirs, '');
  return out;
}

/** /console/content/documents: the directory tree beside every document, drafts and scheduled ones too. */
export function DocumentListPage() {
  const { m, f, locale } = useConsoleT();
  const t = m.docs;
  const me = useMe();
  const lang = locale === 'zh-CN' ? 'zh-CN' : 'en';
  const other = lang === 'zh-CN' ? 'en' : 'zh-CN';
  const [dirId, setDirId] = useState<number | null>(null);
  const [status, setStatus] = useState<DocumentStatus | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const dirs = useApiQuery('ConsoleDocDirs', {});
  const list = useApiQuery(
    'ConsoleDocumentList',
    { body: { dirId: dirId ?? undefined, status, q: q || undefined, page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev },
  );
  const paths = useMemo(() => pathsOf(dirs.data ?? [], lang), [dirs.data, lang]);
  const filtered = dirId !== null || !!status || !!q;
  return (
    <ConsolePage
      title={t.title}
      roles={['editor', 'contributor']}
      extra={
        <Link href={`/console/content/documents/new${dirId ? `?dir=${dirId}` : ''}`}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t.create}
          </Button>
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <div className={styles.docsLayout}>
        <DirTree
          dirs={dirs.data ?? []}
          loading={dirs.isLoading}
          error={dirs.isError ? dirs.error : null}
          onRetry={() => void dirs.refetch()}
          selected={dirId}
          onSelect={(id) => {
            setDirId(id);
            setPage(1);
          }}
          canManage={rolesAllow(me.roles, ['editor'])}
          onChanged={async () => {
            await Promise.all([dirs.refetch(), list.refetch()]);
          }}
        />
        <Card className={styles.docsTable}>
          <Space wrap className={styles.filters}>
            <Input.Search
              allowClear
              placeholder={t.search}
              aria-label={t.search}
              onSearch={(v) => {
                setQ(v.trim());
                setPage(1);
              }}
              className={styles.search}
            />
            <Select
              allowClear
              placeholder={t.anyStatus}
              aria-label={t.colStatus}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: m.news.status[s] }))}
              className={styles.filter}
            />
          </Space>
          {list.isError ? (
            <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Table<ConsoleDocumentRow>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={list.data?.items ?? []}
              locale={{ emptyText: filtered ? (dirId !== null && !status && !q ? t.emptyDir : t.empty) : t.empty }}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data?.total ?? 0,
                showSizeChanger: false,
                showTotal: (n) => f(t.total, { n: count(n, locale) }),
                onChange: setPage,
              }}
              columns={[
                {
                  title: t.colTitle,
                  key: 'title',
                  render: (_, r) => (
                    <div className={styles.docTitleCell}>
                      <Link href={`/console/content/documents/${r.id}`}>
                        {r.title[lang] || r.title[other] || `#${r.id}`}
                      </Link>
                      <Typography.Text type="secondary" className={styles.otherTitle}>
                        {r.title[other]}
                      </Typography.Text>
                    </div>
                  ),
                },
                {
                  title: t.colDir,
                  dataIndex: 'dirId',
                  render: (id: number) => <span className={styles.dirCell}>{paths.get(id) ?? `#${id}`}</span>,
                },
                {
                  title: t.colStatus,
                  dataIndex: 'status',
                  render: (s: DocumentStatus) => <StatusTag status={s} />,
                },
                // The list keeps to its width: files from 1600 px, the last save from 1200 px (a tablet has it in the editor).
                { title: t.colFiles, dataIndex: 'attachmentCount', align: 'right', responsive: ['xxl'] },
                {
                  title: t.colUpdated,
                  dataIndex: 'updatedAt',
                  render: (v: string) => <span className={styles.nowrap}>{dateTime(v)}</span>,
                  responsive: ['xl'],
                },
                { title: t.colVersion, dataIndex: 'version', align: 'right' },
              ]}
            />
          )}
        </Card>
      </div>
    </ConsolePage>
  );
}
