'use client';

import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UnmappedProductsDTO } from '@/lib/api/schemas/market';
import { request } from '@/lib/api/request';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { MergeDialog } from './merge-dialog';

type Unmapped = UnmappedProductsDTO[number];

/** /console/data/unmapped (role `data`): name and file the commodities imports created unmapped. */
export function UnmappedPage() {
  const { m, locale } = useConsoleT();
  const t = m.unmappedPage;
  const list = useQuery({
    queryKey: ['UnmappedProducts'],
    queryFn: ({ signal }) => request('UnmappedProducts', { signal }),
  });
  const [editing, setEditing] = useState<Unmapped | null>(null);
  const [merging, setMerging] = useState<Unmapped | null>(null);
  return (
    <ConsolePage title={t.title} roles={['data']}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {list.isError ? (
        <LoadFailed error={list.error as never} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Unmapped>
          size="small"
          rowKey="code"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t.none }}
          columns={[
            { title: t.sourceName, dataIndex: 'name' },
            { title: t.code, dataIndex: 'code' },
            { title: t.unit, dataIndex: 'unit' },
            { title: t.rows, dataIndex: 'rows', align: 'right', render: (n: number) => count(n, locale) },
            { title: t.countries, dataIndex: 'countries', render: (c: string[]) => c.join(', ') },
            { title: t.sources, dataIndex: 'sources', render: (s: string[]) => s.join(', ') },
            { title: t.since, dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
            {
              title: t.action,
              key: 'action',
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)} aria-label={`${t.name}: ${r.name}`}>
                    {t.name}
                  </Button>
                  <Button size="small" onClick={() => setMerging(r)} aria-label={`${m.merge.action}: ${r.name}`}>
                    {m.merge.action}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && <MapDialog product={editing} onClose={() => setEditing(null)} />}
      {merging && <MergeDialog product={merging} onClose={() => setMerging(null)} />}
    </ConsolePage>
  );
}

type Fields = { nameZh: string; nameEn: string; categoryCode: string };

/** Names (zh, en) and a category for one commodity; the server's refusal is shown as it says it. */
function MapDialog({ product, onClose }: { product: Unmapped; onClose: () => void }) {
  const { m, f, locale } = useConsoleT();
  const t = m.unmappedPage;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const categories = useQuery({
    queryKey: ['ConsoleProductCategories'],
    queryFn: ({ signal }) => request('ConsoleProductCategories', { signal }),
  });
  const save = useMutation({
    mutationFn: (v: Fields) => request('ConsoleMapProduct', { body: { code: product.code, ...v } }),
    onSuccess: (p) => {
      void message.success(f(t.saved, { name: locale === 'zh-CN' ? p.nameZh : p.nameEn }));
      void qc.invalidateQueries({ queryKey: ['UnmappedProducts'] });
      void qc.invalidateQueries({ queryKey: ['ConsoleAuditLog'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={f(t.dialogTitle, { name: product.name })}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{ nameZh: '', nameEn: product.name, categoryCode: product.categoryCode }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="nameZh" label={t.nameZh}>
          <Input maxLength={60} autoFocus />
        </Form.Item>
        <Form.Item name="nameEn" label={t.nameEn}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="categoryCode" label={t.category}>
          <Select
            loading={categories.isLoading}
            options={(categories.data ?? []).map((c) => ({
              value: c.code,
              label: locale === 'zh-CN' ? c.nameZh : c.nameEn,
            }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{f(t.unitKept, { unit: product.unit })}</Typography.Paragraph>
        {save.isError && <Alert type="error" showIcon message={f(t.failed, { msg: (save.error as Error).message })} />}
      </Form>
    </Modal>
  );
}
