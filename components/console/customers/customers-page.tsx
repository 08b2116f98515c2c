'use client';

import { Alert, Button, Card, Empty, Input, List, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Customer } from '@/lib/api/console/schemas/customers';
import { apiQueryKey, useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { dateTime, yuan } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { type CustomerAction, CustomerActions } from './customer-actions';

/** /console/customers (role `support`): find an account by phone, see what it holds, act on it. */
export function CustomersPage() {
  const { m } = useConsoleT();
  const t = m.customers;
  const [digits, setDigits] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const hits = useApiQuery('ConsoleCustomerFind', { body: { phone: digits } }, { enabled: digits.length >= 4 });
  return (
    <ConsolePage title={t.title} roles={['support']}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Card size="small">
        <Input.Search
          placeholder={t.phone}
          aria-label={t.phone}
          enterButton={t.find}
          inputMode="numeric"
          maxLength={11}
          allowClear
          style={{ maxWidth: 420 }}
          data-testid="customer-phone"
          onSearch={(v) => {
            setUserId(null);
            setDigits(v.replace(/\D/g, ''));
          }}
        />
        {hits.data && hits.data.length !== 1 && (
          <List
            style={{ marginTop: 12 }}
            size="small"
            locale={{ emptyText: t.noHits }}
            dataSource={hits.data}
            renderItem={(h) => (
              <List.Item>
                <Button type="link" onClick={() => setUserId(h.id)}>
                  {h.phone} · {h.nickname}
                </Button>
                {h.locked && <Tag color="red">{t.lockedTag}</Tag>}
                {h.staff && <Tag>{t.staffTag}</Tag>}
              </List.Item>
            )}
          />
        )}
        {hits.isError && <LoadFailed error={hits.error} onRetry={() => hits.refetch()} />}
      </Card>
      {(userId ?? (hits.data?.length === 1 ? hits.data[0]!.id : null)) && (
        <CustomerView userId={(userId ?? hits.data![0]!.id) as string} />
      )}
    </ConsolePage>
  );
}

function CustomerView({ userId }: { userId: string }) {
  const { m, f, locale } = useConsoleT();
  const t = m.customers;
  const qc = useQueryClient();
  const input = { body: { userId } };
  const q = useApiQuery('ConsoleCustomer', input);
  const [action, setAction] = useState<CustomerAction | null>(null);
  const update = (d: Customer) => qc.setQueryData(apiQueryKey('ConsoleCustomer', input), d);
  if (q.isLoading) return <Card loading />;
  if (!q.data) return <LoadFailed error={q.error} onRetry={() => q.refetch()} />;
  const c = q.data;
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  const state = (active: boolean) => (active ? <Tag color="green">{t.active}</Tag> : <Tag>{t.ended}</Tag>);
  const staff = c.roles.length > 0;
  return (
    <Card
      title={
        <Space wrap>
          <span data-testid="customer-title">
            {c.nickname} · {c.phone}
          </span>
          {c.lockedAt && <Tag color="red">{t.lockedTag}</Tag>}
          {staff && <Tag>{t.staffTag}</Tag>}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {f(t.joined, { time: dateTime(c.createdAt) })}
          </Typography.Text>
        </Space>
      }
    >
      {c.lockedAt && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={f(t.lockedSince, { time: dateTime(c.lockedAt), reason: c.lockReason ?? '' })}
        />
      )}
      {staff ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t.staffAccount} />
      ) : (
        <CustomerActions customer={c} action={action} setAction={setAction} onDone={update} />
      )}
      <Tabs
        items={[
          {
            key: 'memberships',
            label: `${t.memberships} (${c.memberships.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.memberships}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
                columns={[
                  { title: t.level, render: (_, r) => name(r.level) },
                  { title: t.starts, render: (_, r) => dateTime(r.startsAt) },
                  { title: t.ends, render: (_, r) => dateTime(r.endsAt) },
                  { title: t.status, render: (_, r) => state(r.active) },
                ]}
              />
            ),
          },
          {
            key: 'holdings',
            label: `${t.holdings} (${c.holdings.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.holdings}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
                columns={[
                  { title: t.product, render: (_, r) => name(r.product) },
                  { title: t.region, render: (_, r) => name(r.region) },
                  { title: t.ends, render: (_, r) => dateTime(r.endsAt) },
                  { title: t.status, render: (_, r) => state(r.active) },
                ]}
              />
            ),
          },
          {
            key: 'orders',
            label: `${t.orders} (${c.orders.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.orders}
                scroll={{ x: 720 }}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
                columns={[
                  { title: t.orderNo, dataIndex: 'orderNo' },
                  { title: t.kind, render: (_, r) => t.kinds[r.kind as keyof typeof t.kinds] ?? r.kind },
                  { title: t.product, render: (_, r) => name(r.title) },
                  { title: t.amount, align: 'right', render: (_, r) => yuan(r.amountFen, locale) },
                  { title: t.status, render: (_, r) => t.statuses[r.status as keyof typeof t.statuses] ?? r.status },
                  { title: t.created, render: (_, r) => dateTime(r.createdAt) },
                ]}
              />
            ),
          },
          {
            key: 'feedback',
            label: `${t.feedback} (${c.feedback.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.feedback}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
                columns={[
                  { title: t.feedback, dataIndex: 'title' },
                  {
                    title: t.status,
                    render: (_, r) => m.inbox.states[r.state as keyof typeof m.inbox.states] ?? r.state,
                  },
                  { title: t.lastUsed, render: (_, r) => dateTime(r.updatedAt) },
                ]}
              />
            ),
          },
          {
            key: 'sessions',
            label: `${t.sessions} (${c.sessions.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.sessions}
                scroll={{ x: 720 }}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
                columns={[
                  { title: t.kind, render: (_, r) => t.sessionKind[r.kind as 'portal' | 'console'] ?? r.kind },
                  {
                    title: t.device,
                    render: (_, r) => (
                      <Typography.Text ellipsis={{ tooltip: r.userAgent }} style={{ maxWidth: 220 }}>
                        {r.userAgent ?? '—'}
                      </Typography.Text>
                    ),
                  },
                  { title: t.address, render: (_, r) => r.ip ?? '—' },
                  { title: t.lastUsed, render: (_, r) => dateTime(r.lastUsedAt) },
                  { title: t.sessionEnds, render: (_, r) => dateTime(r.expiresAt) },
                  {
                    title: m.common.actions,
                    render: (_, r) =>
                      staff ? null : (
                        <Button size="small" danger onClick={() => setAction({ kind: 'sessions', sessionId: r.id })}>
                          {t.endOne}
                        </Button>
                      ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
