'use client';

import { Button, Card, Table, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PriceImport } from '@/lib/api/console/schemas/data-imports';
import { request } from '@/lib/api/request';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { LoadFailed } from '../shared/load-failed';
import { CountryTable, OutcomeTag, RejectsButton, UnmappedList } from './import-summary';
import styles from './imports.module.css';

/** Every import made from the console, newest first: who, when, which file, the counts, the rejects. */
export function ImportHistory() {
  const { m, locale } = useConsoleT();
  const t = m.imports;
  const n = (x: number) => count(x, locale);
  const pages = useInfiniteQuery({
    queryKey: ['ConsoleImports'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => request('ConsoleImports', { body: { before: pageParam, limit: 20 }, signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card title={t.history} className={styles.card}>
      {pages.isError ? (
        <LoadFailed error={pages.error as never} onRetry={() => void pages.refetch()} />
      ) : (
        <Table<PriceImport>
          size="small"
          rowKey="id"
          loading={pages.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={items}
          locale={{ emptyText: t.historyEmpty }}
          expandable={{
            expandedRowRender: (r) => (
              <div className={styles.expanded}>
                <CountryTable record={r} />
                <Typography.Title level={5}>{t.unmapped}</Typography.Title>
                <UnmappedList record={r} />
              </div>
            ),
          }}
          columns={[
            { title: t.when, dataIndex: 'at', render: (v: string) => dateTime(v) },
            {
              title: t.who,
              key: 'who',
              render: (_, r) => <span title={r.actorPhone ?? undefined}>{r.actorName}</span>,
            },
            {
              title: t.file,
              dataIndex: 'fileName',
              render: (v: string) => (
                <span className={styles.file} title={v}>
                  {v}
                </span>
              ),
            },
            { title: t.countries, key: 'countries', render: (_, r) => r.countries.map((c) => c.country).join(', ') },
            { title: t.imported, dataIndex: 'imported', align: 'right', render: n },
            { title: t.rejected, dataIndex: 'rejected', align: 'right', render: n },
            {
              title: t.status,
              dataIndex: 'outcome',
              render: (o: PriceImport['outcome']) => <OutcomeTag outcome={o} />,
            },
            { title: t.rejects, key: 'rejects', render: (_, r) => <RejectsButton record={r} compact /> },
          ]}
        />
      )}
      {pages.hasNextPage && (
        <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage} className={styles.again}>
          {t.loadMore}
        </Button>
      )}
    </Card>
  );
}
