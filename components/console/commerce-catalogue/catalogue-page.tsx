'use client';

import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Catalogue, CatalogueLevel, CatalogueProduct } from '@/lib/api/console/schemas/commerce-catalogue';
import { apiQueryKey, useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { yuan } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { type Editing, CatalogueEditor } from './catalogue-editor';

/** /console/commerce/catalogue (admin): what levels and data products cost and give, for new orders. */
export function CataloguePage() {
  const { m, f, locale } = useConsoleT();
  const t = m.commerceCatalogue;
  const qc = useQueryClient();
  const q = useApiQuery('ConsoleCommerceCatalogue', {});
  const [editing, setEditing] = useState<Editing | null>(null);
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  const yes = (v: boolean) => (v ? m.common.yes : m.common.no);
  const levelName = (rank: number) => {
    const l = q.data?.levels.find((x) => x.rank === rank);
    return rank <= 0 || !l ? t.anyone : name(l);
  };
  return (
    <ConsolePage title={t.title} roles={['admin']}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {q.isError && !q.data ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <>
          <Card size="small" title={t.levels}>
            <Table<CatalogueLevel>
              size="small"
              rowKey="id"
              loading={q.isLoading}
              pagination={false}
              dataSource={q.data?.levels ?? []}
              scroll={{ x: 900 }}
              columns={[
                {
                  title: t.level,
                  key: 'name',
                  render: (_, l) => (
                    <Space size={4} wrap>
                      <strong>{name(l)}</strong>
                      {l.rank > 0 && !l.forSale && <Tag>{t.notForSale}</Tag>}
                    </Space>
                  ),
                },
                {
                  title: t.prices,
                  key: 'prices',
                  render: (_, l) =>
                    l.prices.length ? (
                      <Space orientation="vertical" size={0} data-testid={`level-prices-${l.code}`}>
                        {l.prices.map((p) => (
                          <span key={p.months} style={{ whiteSpace: 'nowrap' }}>
                            {f(t.priceLine, { months: p.months, price: yuan(p.priceFen, locale) })}
                          </span>
                        ))}
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">{t.free}</Typography.Text>
                    ),
                },
                {
                  title: t.discount,
                  key: 'discount',
                  width: 100,
                  render: (_, l) => `${l.privileges.dataProductDiscountPct}%`,
                },
                {
                  title: t.history,
                  key: 'history',
                  width: 110,
                  render: (_, l) => f(t.historyMonths, { n: l.privileges.historyMonths }),
                },
                { title: t.depth, key: 'depth', width: 100, render: (_, l) => t.depths[l.privileges.regionDepth] },
                { title: t.forecast, key: 'forecast', width: 80, render: (_, l) => yes(l.privileges.forecast) },
                { title: t.export, key: 'export', width: 80, render: (_, l) => yes(l.privileges.export) },
                {
                  title: t.apiCalls,
                  key: 'api',
                  width: 100,
                  render: (_, l) => (l.privileges.apiCallsPerDay ?? 0).toLocaleString(locale),
                },
                {
                  title: m.common.actions,
                  key: 'edit',
                  width: 90,
                  render: (_, l) =>
                    l.rank > 0 && (
                      <Button size="small" onClick={() => setEditing({ kind: 'level', level: l })}>
                        {t.edit}
                      </Button>
                    ),
                },
              ]}
            />
          </Card>
          <Card size="small" title={t.products}>
            <Table<CatalogueProduct>
              size="small"
              rowKey="code"
              loading={q.isLoading}
              pagination={false}
              dataSource={q.data?.products ?? []}
              scroll={{ x: 800 }}
              columns={[
                {
                  title: t.product,
                  key: 'name',
                  render: (_, p) => (
                    <Space size={4} wrap>
                      <strong>{name(p)}</strong>
                      {!p.onSale && <Tag>{t.notForSale}</Tag>}
                    </Space>
                  ),
                },
                { title: t.category, key: 'cat', width: 130, render: (_, p) => name(p.category) },
                {
                  title: t.regionPrice,
                  key: 'price',
                  width: 130,
                  align: 'right',
                  render: (_, p) => (
                    <span data-testid={`product-price-${p.code}`}>{yuan(p.pricePerRegionFen, locale)}</span>
                  ),
                },
                { title: t.months, key: 'months', width: 80, render: (_, p) => p.months },
                { title: t.minLevel, key: 'min', width: 150, render: (_, p) => levelName(p.minRank) },
                {
                  title: m.common.actions,
                  key: 'edit',
                  width: 90,
                  render: (_, p) => (
                    <Button size="small" onClick={() => setEditing({ kind: 'product', product: p })}>
                      {t.edit}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
      {editing && q.data && (
        <CatalogueEditor
          editing={editing}
          levels={q.data.levels}
          onClose={() => setEditing(null)}
          onSaved={(d: Catalogue) => {
            qc.setQueryData(apiQueryKey('ConsoleCommerceCatalogue', {}), d);
            setEditing(null);
          }}
        />
      )}
    </ConsolePage>
  );
}
