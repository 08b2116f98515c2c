'use client';

import { Alert, Card, Col, Empty, Progress, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { STAFF_ROLES } from '@/lib/api/console/roles';
import type { Dashboard as DashboardDTO } from '@/lib/api/console/schemas/dashboard';
import { useApiQuery } from '@/lib/api/hooks';
import { count, dateTime, duration, yuan } from '../format';
import { useConsoleT } from '../i18n';
import { FeedError } from '../data/feed-outcome';
import { FeedsCard } from '../data/feeds-card';
import { useConsoleServerText } from '../server-text';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import styles from './dashboard.module.css';

const Spark = dynamic(() => import('./spark'), {
  ssr: false,
  loading: () => <div style={{ height: 80 }} />,
});

/** The first screen of the console: money, people, waiting customers and how fresh the data is. */
export function Dashboard() {
  const { m, f, locale } = useConsoleT();
  const q = useApiQuery('ConsoleDashboard', {}, { refetchInterval: 60_000 });
  const text = useConsoleServerText();
  const d = q.data;
  const name = (n: { en: string; zh: string }) => (locale === 'zh-CN' ? n.zh : n.en);
  return (
    <ConsolePage
      title={m.dashboard.title}
      roles={STAFF_ROLES}
      extra={d && <Typography.Text type="secondary">{f(m.dashboard.asOf, { time: dateTime(d.asOf) })}</Typography.Text>}
    >
      {q.isError && !d ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {d.failing.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={m.dashboard.failing}
              description={
                <ul className={styles.failing}>
                  {d.failing.map((x) => (
                    <li key={x.source}>
                      <strong>{x.source}</strong> · {dateTime(x.at)} ·{' '}
                      <FeedError text={text(x.errorRef, x.error)} raw={x.error} />
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12} xxl={6}>
              <Card size="small">
                <Statistic title={m.dashboard.revenueToday} value={yuan(d.sales.today.revenueFen, locale)} />
                <Typography.Text type="secondary">
                  {m.dashboard.paidToday}
                  {m.common.colon}
                  {count(d.sales.today.orders, locale)}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} lg={12} xxl={6}>
              <Card size="small">
                <Statistic title={m.dashboard.revenueMonth} value={yuan(d.sales.month.revenueFen, locale)} />
                <Typography.Text type="secondary">
                  {m.dashboard.paidMonth}
                  {m.common.colon}
                  {count(d.sales.month.orders, locale)}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} lg={12} xxl={6}>
              <Card size="small">
                <Statistic title={m.dashboard.newUsersToday} value={count(d.users.today, locale)} />
                <Typography.Text type="secondary">
                  {m.dashboard.newUsersMonth}
                  {m.common.colon}
                  {count(d.users.month, locale)}
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} lg={12} xxl={6}>
              <Card size="small">
                <Statistic title={m.dashboard.feedbackWaiting} value={count(d.feedback.waiting, locale)} />
                <Typography.Text type={d.feedback.oldestAt ? 'warning' : 'secondary'}>
                  {d.feedback.oldestAt
                    ? f(m.dashboard.oldestWaiting, {
                        age: duration(Date.parse(d.asOf) - Date.parse(d.feedback.oldestAt), locale),
                      })
                    : m.dashboard.nothingWaiting}
                </Typography.Text>
                {' · '}
                <Link href="/console/feedback">{m.dashboard.openInbox}</Link>
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12} xl={8}>
              <Card size="small" title={m.dashboard.revenue30}>
                <Spark
                  data={d.sales.days.map((x) => ({ day: x.day, value: x.revenueFen }))}
                  label={m.dashboard.revenue30}
                  format={(v) => yuan(v, locale)}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12} xl={8}>
              <Card size="small" title={m.dashboard.newUsers30}>
                <Spark
                  data={d.users.days.map((x) => ({ day: x.day, value: x.count }))}
                  label={m.dashboard.newUsers30}
                  format={(v) => count(v, locale)}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={m.dashboard.members}>
                <Members members={d.members} name={name} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={m.dashboard.freshness}>
            <Freshness rows={d.freshness} name={name} />
          </Card>
          {d.feeds.length > 0 && <FeedsCard feeds={d.feeds} />}
          {d.failing.length === 0 && <Typography.Text type="secondary">{m.dashboard.failingNone}</Typography.Text>}
        </>
      )}
    </ConsolePage>
  );
}

function Members({
  members,
  name,
}: {
  members: DashboardDTO['members'];
  name: (n: { en: string; zh: string }) => string;
}) {
  const { m, locale } = useConsoleT();
  if (!members.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.dashboard.noMembers} />;
  const top = Math.max(...members.map((x) => x.count));
  return (
    <ul className={styles.members}>
      {members.map((x) => (
        <li key={x.code}>
          <span className={styles.level}>{name(x.name)}</span>
          <Progress percent={(x.count / top) * 100} showInfo={false} size="small" className={styles.bar} />
          <span className={styles.num}>{count(x.count, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

function Freshness({
  rows,
  name,
}: {
  rows: DashboardDTO['freshness'];
  name: (n: { en: string; zh: string }) => string;
}) {
  const { m, locale } = useConsoleT();
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.country}|${r.source}`}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 760 }}
      columns={[
        { title: m.dashboard.country, render: (_, r) => `${name(r.countryName)} (${r.country})` },
        { title: m.dashboard.source, dataIndex: 'source' },
        { title: m.dashboard.lastPrice, dataIndex: 'lastDay', width: 120 },
        {
          title: m.dashboard.lastImport,
          width: 200,
          render: (_, r) => dateTime(r.lastImportAt),
        },
        {
          title: m.dashboard.lastImportRows,
          width: 100,
          align: 'right',
          render: (_, r) => (r.lastImportRows === null ? '—' : count(r.lastImportRows, locale)),
        },
        {
          title: m.dashboard.nextRefresh,
          width: 160,
          render: (_, r) => (r.nextRefreshAt ? dateTime(r.nextRefreshAt) : m.dashboard.manual),
        },
      ]}
    />
  );
}
