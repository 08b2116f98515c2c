'use client';

import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleCategory, ConsoleDataSource } from '@/lib/api/console/schemas/catalogue';
import type { ConsoleProduct } from '@/lib/api/console/schemas/data-products';
import { request } from '@/lib/api/request';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { MergeDialog } from './merge-dialog';

type Editing =
  | { kind: 'product'; row: ConsoleProduct }
  | { kind: 'category'; row: ConsoleCategory }
  | { kind: 'source'; row: ConsoleDataSource };

/** /console/data/catalogue (role `data`): products, categories and sources, each editable (docs/console.md "Catalogue"). */
export function CataloguePage() {
  const { m, locale } = useConsoleT();
  const t = m.catalogue;
  const products = useQuery({
    queryKey: ['ConsoleProducts'],
    queryFn: ({ signal }) => request('ConsoleProducts', { signal }),
  });
  const cat = useQuery({
    queryKey: ['ConsoleCatalogue'],
    queryFn: ({ signal }) => request('ConsoleCatalogue', { signal }),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [merging, setMerging] = useState<ConsoleProduct | null>(null);
  const [q, setQ] = useState('');
  const zh = locale === 'zh-CN';
  const catName = (code: string) => {
    const c = cat.data?.categories.find((x) => x.code === code);
    return c ? (zh ? c.nameZh : c.nameEn) : code;
  };
  const needle = q.trim().toLowerCase();
  const shown = (products.data ?? []).filter(
    (p) => !needle || [p.code, p.nameZh, p.nameEn, p.sourceName ?? ''].some((s) => s.toLowerCase().includes(needle)),
  );
  const failed = products.error ?? cat.error;
  const editButton = (label: string, onClick: () => void) => (
    <Button size="small" onClick={onClick} aria-label={`${t.edit}: ${label}`}>
      {t.edit}
    </Button>
  );
  return (
    <ConsolePage title={t.title} roles={['data']}>
      <p className="ant-typography ant-typography-secondary">{t.intro}</p>
      {failed ? (
        <LoadFailed
          error={failed as never}
          onRetry={() => {
            void products.refetch();
            void cat.refetch();
          }}
        />
      ) : (
        <Tabs
          items={[
            {
              key: 'products',
              label: t.products,
              children: (
                <>
                  <Input.Search
                    allowClear
                    placeholder={t.search}
                    aria-label={t.search}
                    onChange={(e) => setQ(e.target.value)}
                    style={{ maxWidth: 320, marginBottom: 12 }}
                  />
                  <Table<ConsoleProduct>
                    size="small"
                    rowKey="code"
                    loading={products.isLoading}
                    dataSource={shown}
                    pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
                    scroll={{ x: 'max-content' }}
                    columns={[
                      { title: t.code, dataIndex: 'code' },
                      { title: t.nameZh, dataIndex: 'nameZh' },
                      { title: t.nameEn, dataIndex: 'nameEn' },
                      { title: t.category, render: (_, r) => catName(r.categoryCode) },
                      { title: t.unit, dataIndex: 'unit' },
                      { title: t.sourceName, render: (_, r) => r.sourceName ?? '—' },
                      {
                        title: t.state,
                        render: (_, r) =>
                          r.mapped ? <Tag color="green">{t.mapped}</Tag> : <Tag color="orange">{t.unmapped}</Tag>,
                      },
                      {
                        title: t.action,
                        key: 'action',
                        render: (_, r) => (
                          <Space>
                            {editButton(zh ? r.nameZh : r.nameEn, () => setEditing({ kind: 'product', row: r }))}
                            <Button
                              size="small"
                              onClick={() => setMerging(r)}
                              aria-label={`${m.merge.action}: ${zh ? r.nameZh : r.nameEn}`}
                            >
                              {m.merge.action}
                            </Button>
                          </Space>
                        ),
                      },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'categories',
              label: t.categories,
              children: (
                <Table<ConsoleCategory>
                  size="small"
                  rowKey="code"
                  loading={cat.isLoading}
                  dataSource={cat.data?.categories ?? []}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    { title: t.code, dataIndex: 'code' },
                    { title: t.nameZh, dataIndex: 'nameZh' },
                    { title: t.nameEn, dataIndex: 'nameEn' },
                    { title: t.count, dataIndex: 'products', align: 'right' },
                    {
                      title: t.action,
                      key: 'action',
                      render: (_, r) =>
                        editButton(zh ? r.nameZh : r.nameEn, () => setEditing({ kind: 'category', row: r })),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'sources',
              label: t.sources,
              children: (
                <Table<ConsoleDataSource>
                  size="small"
                  rowKey="id"
                  loading={cat.isLoading}
                  dataSource={cat.data?.sources ?? []}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    {
                      title: t.name,
                      render: (_, r) => (
                        <>
                          {r.name} {r.isDemo && <Tag>{t.demo}</Tag>}
                        </>
                      ),
                    },
                    { title: t.licence, dataIndex: 'licence' },
                    {
                      title: t.attribution,
                      // Wrapped at 380 px: a long line (the Federal Reserve's) would push "Edit" off a 1024 px screen.
                      render: (_, r) => <div style={{ maxWidth: 380, whiteSpace: 'normal' }}>{r.attribution}</div>,
                    },
                    {
                      title: t.action,
                      key: 'action',
                      render: (_, r) => editButton(r.name, () => setEditing({ kind: 'source', row: r })),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      {editing && (
        <EditDialog editing={editing} categories={cat.data?.categories ?? []} onClose={() => setEditing(null)} />
      )}
      {merging && (
        <MergeDialog
          product={{ code: merging.code, name: zh ? merging.nameZh : merging.nameEn, unit: merging.unit }}
          onClose={() => setMerging(null)}
        />
      )}
    </ConsolePage>
  );
}

type Fields = { nameZh?: string; nameEn?: string; categoryCode?: string; licence?: string; attribution?: string };

/** One dialog for the three kinds: the fields each may change; the server's refusal shown as it says it. */
function EditDialog({
  editing,
  categories,
  onClose,
}: {
  editing: Editing;
  categories: ConsoleCategory[];
  onClose: () => void;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.catalogue;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const zh = locale === 'zh-CN';
  const title = editing.kind === 'source' ? editing.row.name : zh ? editing.row.nameZh : editing.row.nameEn;
  const save = useMutation({
    mutationFn: async (v: Fields): Promise<string> => {
      const opts = { skipErrorHandler: true } as const;
      if (editing.kind === 'product') {
        const p = await request('ConsoleSaveProduct', {
          body: { code: editing.row.code, nameZh: v.nameZh!, nameEn: v.nameEn!, categoryCode: v.categoryCode! },
          ...opts,
        });
        return zh ? p.nameZh : p.nameEn;
      }
      if (editing.kind === 'category') {
        const c = await request('ConsoleSaveCategory', {
          body: { code: editing.row.code, nameZh: v.nameZh!, nameEn: v.nameEn! },
          ...opts,
        });
        return zh ? c.nameZh : c.nameEn;
      }
      const s = await request('ConsoleSaveDataSource', {
        body: { id: editing.row.id, licence: v.licence!, attribution: v.attribution! },
        ...opts,
      });
      return s.name;
    },
    onSuccess: (name) => {
      void message.success(f(t.saved, { name }));
      for (const key of ['ConsoleProducts', 'ConsoleCatalogue', 'ConsoleAuditLog', 'UnmappedProducts'])
        void qc.invalidateQueries({ queryKey: [key] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={f(t.editTitle, { name: title })}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<Fields> form={form} layout="vertical" initialValues={editing.row} onFinish={(v) => save.mutate(v)}>
        {editing.kind === 'source' ? (
          <>
            <Form.Item name="licence" label={t.licence}>
              <Input maxLength={120} autoFocus />
            </Form.Item>
            <Form.Item name="attribution" label={t.attribution}>
              <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="nameZh" label={t.nameZh}>
              <Input maxLength={60} autoFocus />
            </Form.Item>
            <Form.Item name="nameEn" label={t.nameEn}>
              <Input maxLength={60} />
            </Form.Item>
            {editing.kind === 'product' && (
              <Form.Item name="categoryCode" label={t.category}>
                <Select options={categories.map((c) => ({ value: c.code, label: zh ? c.nameZh : c.nameEn }))} />
              </Form.Item>
            )}
          </>
        )}
        {save.isError && <Alert type="error" showIcon message={f(t.failed, { msg: (save.error as Error).message })} />}
      </Form>
    </Modal>
  );
}
