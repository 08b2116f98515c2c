'use client';

import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '@/lib/api/request';
import { useConsoleT } from '../i18n';

type Merged = { code: string; name: string; unit: string };

/** Merges one product into another of the same unit (ConsoleMergeProducts); the server's refusal shown as it says it. */
export function MergeDialog({ product, onClose }: { product: Merged; onClose: () => void }) {
  const { m, f, locale } = useConsoleT();
  const t = m.merge;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [into, setInto] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['ConsoleProducts'],
    queryFn: ({ signal }) => request('ConsoleProducts', { signal }),
  });
  const nameOf = (p: { nameZh: string; nameEn: string }) => (locale === 'zh-CN' ? p.nameZh : p.nameEn);
  const merge = useMutation({
    mutationFn: (intoCode: string) =>
      request('ConsoleMergeProducts', { body: { code: product.code, intoCode }, skipErrorHandler: true }),
    onSuccess: (r) => {
      void message.success(f(t.done, { name: nameOf(r.into), prices: r.moved.prices, kept: r.moved.kept }));
      for (const key of ['UnmappedProducts', 'ConsoleProducts', 'ConsoleAuditLog'])
        void qc.invalidateQueries({ queryKey: [key] });
      onClose();
    },
  });
  const options = (list.data ?? [])
    .filter((p) => p.code !== product.code && p.unit === product.unit)
    .map((p) => ({ value: p.code, label: `${nameOf(p)} (${p.code})` }));
  return (
    <Modal
      open
      title={f(t.title, { name: product.name })}
      okText={t.submit}
      cancelText={t.cancel}
      okButtonProps={{ danger: true, disabled: !into }}
      confirmLoading={merge.isPending}
      onOk={() => into && merge.mutate(into)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{f(t.intro, { name: product.name })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t.into} htmlFor="merge-into">
          <Select
            id="merge-into"
            showSearch
            optionFilterProp="label"
            placeholder={f(t.search, { unit: product.unit })}
            loading={list.isLoading}
            options={options}
            value={into}
            onChange={setInto}
          />
        </Form.Item>
      </Form>
      {merge.isError && <Alert type="error" showIcon message={f(t.failed, { msg: (merge.error as Error).message })} />}
    </Modal>
  );
}
