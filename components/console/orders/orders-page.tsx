'use client';

import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ConsoleOrderItem, OrderQuery } from '@/lib/api/console/schemas/orders';
import { ORDER_KINDS, ORDER_STATUSES, type OrderStatus } from '@/lib/api/schemas/commerce-values';
import { useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { dateTime, yuan } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { OrderDrawer } from './order-drawer';

export const STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
};
type Filters = Omit<Partial<OrderQuery>, 'page' | 'pageSize'>;
type FormValues = Omit<Filters, 'from' | 'to' | 'minFen' | 'maxFen'> & {
  period?: [Dayjs, Dayjs] | null;
  minYuan?: number | null;
  maxYuan?: number | null;
};
const PAGE = 20;
const fen = (y: number | null | undefined) => (y === null || y === undefined ? undefined : Math.round(y * 100));

/** /console/commerce/orders (role `support`): every customer's orders, filtered; a row opens the order. */
export function OrdersPage() {
  const { m, f, locale } = useConsoleT();
  const t = m.orders;
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useApiQuery(
    'ConsoleOrders',
    { body: { ...filters, page, pageSize: PAGE } },
    { placeholderData: (prev) => prev },
  );

  function apply(v: FormValues) {
    setPage(1);
    const next: Filters = {
      status: v.status || undefined,
      kind: v.kind || undefined,
      phone: v.phone?.replace(/\D/g, '') || undefined,
      from: v.period?.[0]?.startOf('day').toISOString(),
      to: v.period?.[1]?.endOf('day').toISOString(),
      minFen: fen(v.minYuan),
      maxFen: fen(v.maxYuan),
    };
    setFilters(Object.fromEntries(Object.entries(next).filter(([, x]) => x !== undefined)) as Filters);
  }

  return (
    <ConsolePage title={t.title} roles={['support']}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Card size="small">
        <Form<FormValues> form={form} layout="inline" onFinish={apply} onReset={() => apply({})} style={{ rowGap: 8 }}>
          <Form.Item name="phone">
            <Input
              placeholder={t.phone}
              aria-label={t.phone}
              inputMode="numeric"
              maxLength={11}
              allowClear
              style={{ width: 220 }}
              data-testid="orders-phone"
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder={t.status}
              aria-label={t.status}
              allowClear
              style={{ width: 130 }}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
            />
          </Form.Item>
          <Form.Item name="kind">
            <Select
              placeholder={t.kind}
              aria-label={t.kind}
              allowClear
              style={{ width: 140 }}
              options={ORDER_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))}
            />
          </Form.Item>
          <Form.Item name="period">
            <DatePicker.RangePicker aria-label={t.period} />
          </Form.Item>
          <Form.Item name="minYuan">
            <InputNumber min={0} precision={2} placeholder={t.minYuan} aria-label={t.minYuan} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="maxYuan">
            <InputNumber min={0} precision={2} placeholder={t.maxYuan} aria-label={t.maxYuan} style={{ width: 110 }} />
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
        <Typography.Text type="secondary" aria-live="polite" data-testid="orders-sums">
          {f(t.sums, { paid: yuan(q.data.sums.paidFen, locale), refunded: yuan(q.data.sums.refundedFen, locale) })}
        </Typography.Text>
      )}
      {q.isError && !q.data ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<ConsoleOrderItem>
          size="middle"
          rowKey="id"
          loading={q.isFetching && !q.data}
          dataSource={q.data?.items ?? []}
          locale={{ emptyText: t.empty }}
          scroll={{ x: 880 }}
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
              title: t.colOrder,
              key: 'order',
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpen(r.id);
                    }}
                    data-testid="order-no"
                  >
                    {r.orderNo}
                  </Button>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {pick(locale, r.titleZh, r.titleEn)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t.colBuyer,
              key: 'buyer',
              width: 160,
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <span>{r.buyer.phone}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.buyer.nickname}
                  </Typography.Text>
                </Space>
              ),
            },
            { title: t.kind, key: 'kind', width: 110, render: (_, r) => t.kinds[r.kind] },
            {
              title: t.colAmount,
              key: 'amount',
              width: 110,
              align: 'right',
              render: (_, r) => yuan(r.amountFen, locale),
            },
            {
              title: t.status,
              key: 'status',
              width: 100,
              render: (_, r) => (
                <Tag color={STATUS_COLOR[r.status]} data-testid="order-status">
                  {t.statuses[r.status]}
                </Tag>
              ),
            },
            { title: t.colMade, key: 'made', width: 150, render: (_, r) => dateTime(r.createdAt) },
            { title: t.colPaid, key: 'paid', width: 150, render: (_, r) => dateTime(r.paidAt) },
          ]}
        />
      )}
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} />
    </ConsolePage>
  );
}
