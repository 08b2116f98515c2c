'use client';

import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import type { ConsoleNewsRow } from '@/lib/api/console/schemas/content';
import { NEWS_STATUSES, type NewsStatus } from '@/lib/api/schemas/content';
import { useApiQuery } from '@/lib/api/hooks';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { StatusTag } from './status-tag';
import styles from './content.module.css';

const PAGE_SIZE = 20;

/** /console/content/news: every article, drafts and scheduled ones too, with filters. */
export function NewsListPage() {
  const { m, f, locale } = useConsoleT();
  const t = m.news;
  const [status, setStatus] = useState<NewsStatus | undefined>();
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const categories = useApiQuery('QueryNewsCategory', { query: { lang: locale } });
  const list = useApiQuery(
    'ConsoleNewsList',
    { body: { status, categoryId, q: q || undefined, page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev },
  );
  const catName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id;
  const other = locale === 'zh-CN' ? 'en' : 'zh-CN';
  return (
    <ConsolePage
      title={t.title}
      roles={['editor', 'contributor']}
      extra={
        <Link href="/console/content/news/new">
          <Button type="primary" icon={<PlusOutlined />}>
            {t.create}
          </Button>
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Card>
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
            options={NEWS_STATUSES.map((s) => ({ value: s, label: t.status[s] }))}
            className={styles.filter}
          />
          <Select
            allowClear
            placeholder={t.anyCategory}
            aria-label={t.colCategory}
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setPage(1);
            }}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            className={styles.filter}
          />
        </Space>
        {list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<ConsoleNewsRow>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: t.empty }}
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
                  <div className={styles.titleCell}>
                    <Link href={`/console/content/news/${r.id}`}>
                      {r.title[locale] || r.title[other] || `#${r.id}`}
                    </Link>
                    <Typography.Text type="secondary" className={styles.otherTitle}>
                      {r.title[other]}
                    </Typography.Text>
                  </div>
                ),
              },
              { title: t.colStatus, dataIndex: 'status', render: (s: NewsStatus) => <StatusTag status={s} /> },
              { title: t.colCategory, dataIndex: 'categoryId', render: catName },
              // Below 1200 px (a tablet) the table keeps to its width: the last save is in the editor.
              {
                title: t.colUpdated,
                dataIndex: 'updatedAt',
                render: (v: string) => dateTime(v),
                responsive: ['xl'],
              },
              {
                title: t.colPublished,
                key: 'publishedAt',
                render: (_, r) => (r.status === 'draft' ? '—' : dateTime(r.publishedAt)),
              },
              { title: t.colVersion, dataIndex: 'version', align: 'right' },
            ]}
          />
        )}
      </Card>
    </ConsolePage>
  );
}
