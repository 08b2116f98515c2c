'use client';

import { Alert, App, Button, Descriptions, Drawer, Form, Input, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder } from '@/lib/api/console/schemas/orders';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { dateTime, yuan } from '../format';
import { useConsoleT } from '../i18n';
import { LoadFailed } from '../shared/load-failed';
import { STATUS_COLOR } from './orders-page';

/** One order beside the list: its buyer, lines, payment, what it grants, and its refund. */
export function OrderDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { m } = useConsoleT();
  return (
    <Drawer
      open={!!orderId}
      onClose={onClose}
      size={640}
      title={m.orders.title}
      destroyOnHidden
      closable={{ 'aria-label': m.common.close }}
      data-testid="order-drawer"
    >
      {orderId && <Detail key={orderId} orderId={orderId} />}
    </Drawer>
  );
}

function Detail({ orderId }: { orderId: string }) {
  const { m, f, locale } = useConsoleT();
  const t = m.orders;
  const providerName = useProviderName();
  const qc = useQueryClient();
  const input = { body: { orderId } };
  const q = useApiQuery('ConsoleOrder', input);
  const [refunding, setRefunding] = useState(false);
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <LoadFailed error={q.error} onRetry={() => q.refetch()} />;
  const { order: o, buyer, refund } = q.data;
  const done = (d: ConsoleOrder) => {
    qc.setQueryData(apiQueryKey('ConsoleOrder', input), d);
    void qc.invalidateQueries({ queryKey: ['ConsoleOrders'] });
    setRefunding(false);
  };
  const grants = o.member
    ? f(o.member.months ? t.memberGrantMonths : t.memberGrant, {
        level: pick(locale, o.member.levelNameZh, o.member.levelNameEn),
        action: t.actions[o.member.action],
        months: o.member.months ?? 0,
      })
    : o.dataProduct
      ? f(t.dataGrant, {
          product: pick(locale, o.dataProduct.productNameZh, o.dataProduct.productNameEn),
          months: o.dataProduct.months,
          regions: o.dataProduct.regions
            .map((r) => pick(locale, r.nameZh, r.nameEn))
            .join(locale === 'zh-CN' ? '、' : ', '),
        })
      : '—';
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="order-title">
        {f(t.detail, { no: o.orderNo })}{' '}
        <Tag color={STATUS_COLOR[o.status]} data-testid="order-drawer-status">
          {t.statuses[o.status]}
        </Tag>
      </Typography.Title>
      <Typography.Paragraph>{pick(locale, o.titleZh, o.titleEn)}</Typography.Paragraph>
      {refund && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="order-refund"
          message={f(t.refundRecord, {
            time: dateTime(refund.createdAt),
            actor: refund.actorName,
            reason: refund.reason,
          })}
          description={f(t.refundIdLine, {
            label: t.refundId,
            id: refund.providerRefundId,
            amount: yuan(refund.amountFen, locale),
          })}
        />
      )}
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 170 } }}>
        <Descriptions.Item label={t.buyer}>
          {buyer.phone} · {buyer.nickname}
        </Descriptions.Item>
        <Descriptions.Item label={t.kind}>{t.kinds[o.kind]}</Descriptions.Item>
        <Descriptions.Item label={t.colAmount}>{yuan(o.amountFen, locale)}</Descriptions.Item>
        <Descriptions.Item label={t.grants}>{grants}</Descriptions.Item>
        <Descriptions.Item label={t.made}>{dateTime(o.createdAt)}</Descriptions.Item>
        {o.paidAt && <Descriptions.Item label={t.paidAt}>{dateTime(o.paidAt)}</Descriptions.Item>}
        {o.closedAt && <Descriptions.Item label={t.closedAt}>{dateTime(o.closedAt)}</Descriptions.Item>}
        {q.data.refundedAt && <Descriptions.Item label={t.refundedAt}>{dateTime(q.data.refundedAt)}</Descriptions.Item>}
        {o.payment && (
          <>
            <Descriptions.Item label={t.provider}>{providerName(o.payment.provider)}</Descriptions.Item>
            <Descriptions.Item label={t.txn}>
              <Typography.Text copyable>{o.payment.providerTxnId}</Typography.Text>
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t.tradeCode}>
          <Typography.Text copyable>{o.tradeCode}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t.lines}
      </Typography.Title>
      <Table
        size="small"
        rowKey="ref"
        pagination={false}
        dataSource={o.lines}
        columns={[
          { title: t.lineItem, render: (_, l) => pick(locale, l.labelZh, l.labelEn) },
          { title: t.colAmount, align: 'right', width: 120, render: (_, l) => yuan(l.amountFen, locale) },
        ]}
      />
      {q.data.refundable && (
        <Button danger type="primary" style={{ marginTop: 16 }} onClick={() => setRefunding(true)}>
          {t.refund}
        </Button>
      )}
      {refunding && <RefundModal data={q.data} onDone={done} onCancel={() => setRefunding(false)} />}
    </>
  );
}

function RefundModal({
  data,
  onDone,
  onCancel,
}: {
  data: ConsoleOrder;
  onDone: (d: ConsoleOrder) => void;
  onCancel: () => void;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.orders;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const o = data.order;
  const providerName = useProviderName();
  const refund = useApiMutation('ConsoleRefundOrder', {
    onSuccess: (d) => {
      message.success(f(t.refunded, { amount: yuan(o.amountFen, locale) }));
      onDone(d);
    },
    onError: (e: { text?: string }) => setError(e.text ?? null),
  });
  return (
    <Modal
      open
      title={f(t.refundTitle, { no: o.orderNo })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t.refund}
      okButtonProps={{ danger: true }}
      cancelText={m.common.cancel}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message={f(t.refundHint, {
          amount: yuan(o.amountFen, locale),
          provider: o.payment ? providerName(o.payment.provider) : '—',
        })}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => refund.mutate({ body: { orderId: o.id, reason: v.reason }, skipErrorHandler: true })}
      >
        <Form.Item
          name="reason"
          label={t.reason}
          rules={[{ required: true, whitespace: true, min: 4, message: t.reasonRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}

/** A provider as staff know it (the sandbox gateway, Alipay); an unknown one by its code. */
function useProviderName() {
  const { m } = useConsoleT();
  const names: Record<string, string> = m.orders.providers;
  return (code: string) => names[code] ?? code;
}
