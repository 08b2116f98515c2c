'use client';

import { Alert, App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import type { Catalogue, CatalogueLevel, CatalogueProduct } from '@/lib/api/console/schemas/commerce-catalogue';
import { MEMBER_MONTHS } from '@/lib/api/schemas/commerce-values';
import { useApiMutation } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { useConsoleT } from '../i18n';

export type Editing = { kind: 'level'; level: CatalogueLevel } | { kind: 'product'; product: CatalogueProduct };

type LevelValues = {
  forSale: boolean;
  historyMonths: number;
  regionDepth: CatalogueLevel['privileges']['regionDepth'];
  forecast: boolean;
  export: boolean;
  dataProductDiscountPct: number;
  apiCallsPerDay: number;
  reason: string;
} & Record<`price${number}`, number>;
type ProductValues = { pricePerRegion: number; months: number; minRank: number; onSale: boolean; reason: string };

const toFen = (y: number) => Math.round(y * 100);

/** One level's or data product's terms, with the reason for the change. */
export function CatalogueEditor({
  editing,
  levels,
  onClose,
  onSaved,
}: {
  editing: Editing;
  levels: CatalogueLevel[];
  onClose: () => void;
  onSaved: (c: Catalogue) => void;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.commerceCatalogue;
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const done = (c: Catalogue) => {
    message.success(t.saved);
    onSaved(c);
  };
  const onError = (e: { text?: string }) => setError(e.text ?? null);
  const level = useApiMutation('ConsoleSaveLevel', { onSuccess: done, onError });
  const product = useApiMutation('ConsoleSaveDataProduct', { onSuccess: done, onError });
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  const opts = { skipErrorHandler: true } as const;

  function submit(v: LevelValues & ProductValues) {
    setError(null);
    if (editing.kind === 'level')
      level.mutate({
        body: {
          levelId: editing.level.id,
          forSale: v.forSale,
          privileges: {
            historyMonths: v.historyMonths,
            regionDepth: v.regionDepth,
            forecast: v.forecast,
            export: v.export,
            dataProductDiscountPct: v.dataProductDiscountPct,
            apiCallsPerDay: v.apiCallsPerDay,
          },
          prices: MEMBER_MONTHS.map((months) => ({ months, priceFen: toFen(v[`price${months}`] ?? 0) })),
          reason: v.reason,
        },
        ...opts,
      });
    else
      product.mutate({
        body: {
          code: editing.product.code,
          pricePerRegionFen: toFen(v.pricePerRegion),
          months: v.months,
          minRank: v.minRank,
          onSale: v.onSale,
          reason: v.reason,
        },
        ...opts,
      });
  }

  const initial =
    editing.kind === 'level'
      ? {
          forSale: editing.level.forSale,
          ...editing.level.privileges,
          apiCallsPerDay: editing.level.privileges.apiCallsPerDay ?? 0,
          ...Object.fromEntries(
            MEMBER_MONTHS.map((mo) => [
              `price${mo}`,
              (editing.level.prices.find((p) => p.months === mo)?.priceFen ?? 0) / 100,
            ]),
          ),
        }
      : {
          pricePerRegion: editing.product.pricePerRegionFen / 100,
          months: editing.product.months,
          minRank: editing.product.minRank,
          onSale: editing.product.onSale,
        };
  const title =
    editing.kind === 'level'
      ? f(t.editLevel, { name: name(editing.level) })
      : f(t.editProduct, { name: name(editing.product) });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={m.common.save}
      cancelText={m.common.cancel}
      confirmLoading={level.isPending || product.isPending}
      destroyOnHidden
      width={560}
    >
      <Alert type="info" showIcon message={t.newOrdersOnly} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {editing.kind === 'level' ? (
          <>
            {MEMBER_MONTHS.map((mo) => (
              <Form.Item
                key={mo}
                name={`price${mo}`}
                label={f(t.priceYuan, { months: mo })}
                rules={[{ required: true }]}
              >
                <InputNumber min={0.01} precision={2} style={{ width: 160 }} />
              </Form.Item>
            ))}
            <Form.Item name="dataProductDiscountPct" label={t.pct} rules={[{ required: true }]}>
              <InputNumber min={0} max={90} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="historyMonths" label={t.historyField} rules={[{ required: true }]}>
              <InputNumber min={1} max={600} precision={0} style={{ width: 160 }} suffix={t.monthsUnit} />
            </Form.Item>
            <Form.Item name="regionDepth" label={t.depth}>
              <Select
                style={{ width: 160 }}
                options={(['national', 'province', 'market'] as const).map((d) => ({ value: d, label: t.depths[d] }))}
              />
            </Form.Item>
            <Form.Item name="apiCallsPerDay" label={t.apiCalls} rules={[{ required: true }]}>
              <InputNumber min={0} max={10_000_000} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="forecast" label={t.forecast} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="export" label={t.export} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="forSale" label={t.forSale} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="pricePerRegion" label={`${t.regionPrice} (¥)`} rules={[{ required: true }]}>
              <InputNumber min={0.01} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="months" label={t.months} rules={[{ required: true }]}>
              <InputNumber min={1} max={36} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="minRank" label={t.minLevel}>
              <Select
                style={{ width: 220 }}
                options={[
                  { value: 0, label: t.anyone },
                  ...levels.filter((l) => l.rank > 0).map((l) => ({ value: l.rank, label: name(l) })),
                ]}
              />
            </Form.Item>
            <Form.Item name="onSale" label={t.forSale} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="reason"
          label={t.reason}
          rules={[{ required: true, whitespace: true, min: 4, message: t.reasonRequired }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}
