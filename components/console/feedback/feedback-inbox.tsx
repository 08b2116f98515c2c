'use client';

import { Badge, Button, Card, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { InboxItem, InboxQuery } from '@/lib/api/console/schemas/feedback';
import { FEEDBACK_AGES } from '@/lib/api/console/schemas/feedback';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '@/lib/api/schemas/feedback';
import { useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { dateTime, duration } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { FeedbackDrawer } from './feedback-drawer';

export const STATE_COLOR: Record<FeedbackStatus, string> = { pending: 'orange', replied: 'blue', resolved: 'green' };
type Filters = Omit<InboxQuery, 'page' | 'pageSize'>;
const PAGE = 20;

/** /console/feedback (role `support`): the inbox, filtered; a row opens the feedback beside it. */
export function FeedbackInbox() {
  const { m, f, locale } = useConsoleT();
  const t = m.inbox;
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ state: 'pending' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const platformKey = Form.useWatch('platformKey', form);
  const facets = useApiQuery('ConsoleFeedbackFacets', {}, { staleTime: 300_000 });
  const q = useApiQuery(
    'ConsoleFeedbackInbox',
    { body: { ...filters, page, pageSize: PAGE } },
    { placeholderData: (prev) => prev, refetchInterval: 60_000 },
  );
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  // Ages as of the answer (refetched every minute), not of each render.
  const now = q.dataUpdatedAt;

  function apply(v: Filters) {
    setPage(1);
    setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as Filters);
  }

  return (
    <ConsolePage title={t.title} roles={['support']}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Card size="small">
        <Form<Filters>
          form={form}
          layout="inline"
          initialValues={{ state: 'pending' }}
          onFinish={apply}
          onReset={() => apply({})}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="q">
            <Input.Search
              placeholder={t.search}
              aria-label={t.search}
              allowClear
              style={{ width: 300 }}
              onSearch={() => form.submit()}
            />
          </Form.Item>
          <Form.Item name="platformKey">
            <Select
              placeholder={t.platform}
              aria-label={t.platform}
              allowClear
              style={{ width: 150 }}
              options={(facets.data?.platforms ?? []).map((p) => ({ value: p.key, label: name(p) }))}
              onChange={() => form.setFieldValue('typeId', undefined)}
            />
          </Form.Item>
          <Form.Item name="typeId">
            <Select
              placeholder={t.type}
              aria-label={t.type}
              allowClear
              style={{ width: 150 }}
              options={(facets.data?.types ?? [])
                .filter((x) => !platformKey || x.platformKey === platformKey)
                .map((x) => ({ value: x.id, label: platformKey ? name(x) : `${name(x)} · ${x.platformKey}` }))}
            />
          </Form.Item>
          <Form.Item name="state">
            <Select
              placeholder={t.state}
              aria-label={t.state}
              allowClear
              // Wide enough for "Waiting for staff" with the clear button.
              style={{ width: 180 }}
              options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t.states[s] }))}
            />
          </Form.Item>
          <Form.Item name="age">
            <Select
              placeholder={t.age}
              aria-label={t.age}
              allowClear
              style={{ width: 150 }}
              options={FEEDBACK_AGES.map((a) => ({ value: a, label: t.ages[a] }))}
            />
          </Form.Item>
          <Form.Item name="assignee">
            <Select
              placeholder={t.assignee}
              aria-label={t.assignee}
              allowClear
              style={{ width: 160 }}
              options={[
                { value: 'me', label: t.assignedToMe },
                { value: 'none', label: t.unassigned },
                ...(facets.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {m.common.search}
              </Button>
              <Button htmlType="reset">{m.common.reset}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {q.data && (
        <Space wrap aria-live="polite">
          {FEEDBACK_STATUSES.map((s) => (
            <Badge key={s} color={STATE_COLOR[s]} text={`${t.states[s]} ${q.data.counts[s]}`} />
          ))}
        </Space>
      )}
      {q.isError && !q.data ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<InboxItem>
          size="middle"
          rowKey="id"
          loading={q.isFetching && !q.data}
          dataSource={q.data?.items ?? []}
          locale={{ emptyText: t.empty }}
          scroll={{ x: 860 }}
          onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
          pagination={{
            current: page,
            pageSize: PAGE,
            total: q.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (n) => f(m.common.total, { n }),
          }}
          columns={[
            {
              title: t.colTitle,
              key: 'title',
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpen(r.id);
                    }}
                    data-testid="inbox-title"
                  >
                    {r.title}
                  </Button>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {name(r.platform)} · {name(r.type)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t.colCustomer,
              key: 'customer',
              width: 170,
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <span>{r.submitter.nickname}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.submitter.phone}
                    {r.notifySms && (
                      <Tooltip title={t.smsAskedTitle}>
                        <Tag style={{ marginInlineStart: 6 }}>{t.smsAsked}</Tag>
                      </Tooltip>
                    )}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t.state,
              key: 'state',
              width: 120,
              render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t.states[r.state]}</Tag>,
            },
            {
              title: t.colWaiting,
              key: 'age',
              width: 150,
              render: (_, r) => (
                <Tooltip title={dateTime(r.updatedAt)}>
                  <span>{f(m.common.ago, { time: duration(now - Date.parse(r.updatedAt), locale) })}</span>
                </Tooltip>
              ),
            },
            {
              title: t.assignee,
              key: 'assignee',
              width: 140,
              render: (_, r) => r.assignee?.name ?? <Typography.Text type="secondary">{t.unassigned}</Typography.Text>,
            },
            { title: t.colReplies, dataIndex: 'replyCount', width: 90, align: 'right' },
          ]}
        />
      )}
      <FeedbackDrawer feedbackId={open} onClose={() => setOpen(null)} />
    </ConsolePage>
  );
}
