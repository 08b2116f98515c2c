'use client';

import { Card, Table } from 'antd';
import Link from 'next/link';
import type { SourceFeed } from '@/lib/api/console/schemas/source-feeds';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { FeedLastRun } from './feed-outcome';

/** The dashboard's card of scheduled sources: each one's last run and next (docs/console.md "Dashboard"). */
export function FeedsCard({ feeds }: { feeds: SourceFeed[] }) {
  const { m } = useConsoleT();
  const t = m.sourcesPage;
  return (
    <Card
      size="small"
      title={t.cardTitle}
      extra={<Link href="/console/data/sources">{t.manage}</Link>}
      data-testid="dashboard-feeds"
    >
      <Table<SourceFeed>
        size="small"
        rowKey="id"
        dataSource={feeds}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: t.name, dataIndex: 'name' },
          { title: t.countries, width: 120, render: (_, r) => r.countries.join(', ') || '—' },
          { title: t.lastRun, render: (_, r) => <FeedLastRun feed={r} /> },
          { title: t.nextRun, width: 160, render: (_, r) => (r.enabled ? dateTime(r.nextRunAt) : t.paused) },
        ]}
      />
    </Card>
  );
}
