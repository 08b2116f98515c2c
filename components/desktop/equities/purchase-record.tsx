'use client';

import { Button, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { OrderDTO, OrderKind, OrderStatus } from '@/lib/api/schemas/commerce';
import { ORDER_STATUSES } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import { yuan } from '@/lib/shared/format';
import { ymdhm } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import { LoginPrompt } from './login-prompt';
import { ORDER_CALLS } from './order-lookup';
import { ReceiptModal } from './lazy-modals';
import s from './equities.module.css';
import { LoadFailed } from './load-failed';
import { usePurchase } from './use-purchase';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
};

/** One tab per order kind; each has its own page call (order-lookup.ts) and pays through usePurchase. */
const KINDS: { kind: OrderKind; tab: 'tabMember' | 'tabDataProduct' }[] = [
  { kind: 'member', tab: 'tabMember' },
  { kind: 'data_product', tab: 'tabDataProduct' },
];

/** equitiesCentre/purchaseRecord: the user's orders by kind, paged and filtered by status, with pay and receipt actions. */
export function PurchaseRecord({ brand }: { brand: string }) {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  if (status === 'idle' || status === 'loading') return null;
  if (status === 'anonymous') return <LoginPrompt />;
  return (
    <Tabs
      items={KINDS.map((k) => ({ key: k.kind, label: t[k.tab], children: <OrderList kind={k.kind} brand={brand} /> }))}
    />
  );
}

function OrderList({ kind, brand }: { kind: OrderKind; brand: string }) {
  const t = useT('commerce');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<OrderStatus | undefined>();
  const [receipt, setReceipt] = useState<OrderDTO | null>(null);
  const purchase = usePurchase(kind);
  const list = useApiQuery(ORDER_CALLS[kind].list, { body: { pageIndex: page, pageSize: PAGE_SIZE, status: filter } });

  return (
    <>
      <div className={s.filters}>
        <label htmlFor={`status-${kind}`}>{t.statusFilter}</label>
        <Select<OrderStatus | 'all'>
          id={`status-${kind}`}
          style={{ minWidth: 160 }}
          value={filter ?? 'all'}
          onChange={(v) => {
            setFilter(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t.statusAll },
            ...ORDER_STATUSES.map((st) => ({ value: st, label: t[`status_${st}`] })),
          ]}
        />
      </div>
      {list.isError && <LoadFailed style={{ marginBottom: 12 }} onRetry={() => void list.refetch()} />}
      <Table<OrderDTO>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t.noOrders }}
        scroll={{ x: 640 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t.colDate, dataIndex: 'createdAt', render: (v: string) => ymdhm(v), width: 150 },
          { title: t.colItem, key: 'item', render: (_, o) => pick(locale, o.titleZh, o.titleEn) },
          { title: t.colAmount, dataIndex: 'amountFen', render: (v: number) => yuan(v), width: 110 },
          {
            title: t.colStatus,
            dataIndex: 'status',
            width: 120,
            render: (v: OrderStatus) => <Tag color={STATUS_COLOR[v]}>{t[`status_${v}`]}</Tag>,
          },
          {
            title: t.colActions,
            key: 'actions',
            width: 120,
            render: (_, o) => (
              <Space>
                {o.status === 'pending' && (
                  <Button size="small" type="primary" onClick={() => void purchase.payOrder(o)}>
                    {t.pay}
                  </Button>
                )}
                {o.status === 'paid' && (
                  <Button size="small" onClick={() => setReceipt(o)}>
                    {t.receipt}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {receipt && <ReceiptModal order={receipt} brand={brand} onClose={() => setReceipt(null)} />}
      {purchase.payModal}
    </>
  );
}
