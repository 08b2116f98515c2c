'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditItem } from '@/lib/api/console/schemas/audit';
import { useApiQuery } from '@/lib/api/hooks';
import { request } from '@/lib/api/request';
import type { BodyOf } from '@/lib/api/contract';
import { useConsoleT } from '../i18n';
import { dateTime } from '../format';
import { ConsolePage } from '../shared/console-page';
import { DiffTable } from '../shared/diff-table';
import { csvField, download } from '../shared/json-diff';
import { LoadFailed } from '../shared/load-failed';

type Filters = Omit<BodyOf<'ConsoleAuditLog'>, 'before' | 'limit'>;
type FormValues = { q?: string; actor?: string; action?: string; entity?: string; period?: [Dayjs, Dayjs] | null };

const EXPORT_MAX = 50_000;

/** Who did what and when, with the record before and after; search, filters, CSV export. Read only. */
export function AuditLog() {
  const { m, f } = useConsoleT();
  const actionName = (a: string) => (m.auditActions as Record<string, string | undefined>)[a] ?? a;
  const [filters, setFilters] = useState<Filters>({});
  const [exporting, setExporting] = useState<string | null>(null);
  const facets = useApiQuery('ConsoleAuditFacets', {}, { staleTime: 60_000 });
  const pages = useInfiniteQuery({
    queryKey: ['ConsoleAuditLog', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      request('ConsoleAuditLog', { body: { ...filters, before: pageParam, limit: 50 }, signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];

  function apply(v: FormValues) {
    setFilters({
      q: v.q || undefined,
      actor: v.actor || undefined,
      action: v.action || undefined,
      entity: v.entity || undefined,
      from: v.period?.[0]?.startOf('day').toISOString(),
      to: v.period?.[1]?.endOf('day').toISOString(),
    });
  }

  async function exportCsv() {
    const rows: AuditItem[] = [];
    let before: number | undefined;
    setExporting(f(m.audit.exporting, { n: 0 }));
    try {
      do {
        const page = await request('ConsoleAuditLog', { body: { ...filters, before, limit: 5000 } });
        rows.push(...page.items);
        before = page.next ?? undefined;
        setExporting(f(m.audit.exporting, { n: rows.length }));
      } while (before && rows.length < EXPORT_MAX);
      const head = ['id', 'at', 'actor', 'phone', 'action', 'entity', 'entity_id', 'reason', 'ip', 'before', 'after'];
      const lines = rows.map((r) =>
        [
          String(r.id),
          r.at,
          r.actorName,
          r.actorPhone ?? '',
          r.action,
          r.entity,
          r.entityId,
          r.reason ?? '',
          r.ip ?? '',
          JSON.stringify(r.before),
          JSON.stringify(r.after),
        ]
          .map(csvField)
          .join(','),
      );
      download(
        `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
        `${[head.join(','), ...lines].join('\r\n')}\r\n`,
      );
      setExporting(f(before ? m.audit.exportCapped : m.audit.exported, { n: rows.length }));
    } catch {
      setExporting(null);
    }
  }

  return (
    <ConsolePage
      title={m.audit.title}
      roles={['admin']}
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!!exporting?.includes('…')}>
          {m.common.exportCsv}
        </Button>
      }
    >
      <Typography.Text type="secondary">{m.audit.readOnly}</Typography.Text>
      {exporting && <Alert type="info" showIcon message={exporting} closable onClose={() => setExporting(null)} />}
      <Card size="small">
        <Form<FormValues> layout="inline" onFinish={apply} onReset={() => setFilters({})} style={{ rowGap: 8 }}>
          <Form.Item name="q">
            <Input.Search placeholder={m.audit.search} allowClear style={{ width: 260 }} aria-label={m.audit.search} />
          </Form.Item>
          <Form.Item name="actor">
            <Input placeholder={m.audit.actor} allowClear style={{ width: 200 }} aria-label={m.audit.actor} />
          </Form.Item>
          <Form.Item name="action">
            <Select
              placeholder={m.audit.action}
              allowClear
              style={{ width: 220 }}
              aria-label={m.audit.action}
              options={(facets.data?.actions ?? []).map((a) => ({ value: a, label: actionName(a) }))}
            />
          </Form.Item>
          <Form.Item name="entity">
            <Select
              placeholder={m.audit.entity}
              allowClear
              style={{ width: 150 }}
              aria-label={m.audit.entity}
              options={(facets.data?.entities ?? []).map((a) => ({ value: a, label: a }))}
            />
          </Form.Item>
          <Form.Item name="period">
            <DatePicker.RangePicker aria-label={m.audit.period} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {m.common.search}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button htmlType="reset">{m.common.reset}</Button>
          </Form.Item>
        </Form>
      </Card>
      {pages.isError && !items.length ? (
        <LoadFailed error={null} onRetry={() => pages.refetch()} />
      ) : (
        <Table<AuditItem>
          size="small"
          rowKey="id"
          loading={pages.isLoading}
          dataSource={items}
          pagination={false}
          locale={{ emptyText: m.audit.empty }}
          scroll={{ x: 900 }}
          expandable={{
            expandedRowRender: (r) => <DiffTable before={r.before} after={r.after} />,
            rowExpandable: () => true,
          }}
          columns={[
            { title: m.audit.at, dataIndex: 'at', width: 150, render: (v: string) => dateTime(v) },
            {
              title: m.audit.who,
              width: 190,
              render: (_, r) => (
                <>
                  {r.actorName}
                  {r.actorPhone && <Typography.Text type="secondary"> {r.actorPhone}</Typography.Text>}
                </>
              ),
            },
            {
              title: m.audit.action,
              dataIndex: 'action',
              width: 200,
              // The action in the console's language, over the name the record keeps (and the export has).
              render: (a: string) => (
                <>
                  <Tag>{actionName(a)}</Tag>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {a}
                    </Typography.Text>
                  </div>
                </>
              ),
            },
            {
              title: m.audit.what,
              width: 180,
              render: (_, r) => (
                <span>
                  {r.entity} <Typography.Text code>{r.entityId}</Typography.Text>
                </span>
              ),
            },
            { title: m.audit.reason, dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v ?? '—' },
          ]}
          footer={() =>
            pages.hasNextPage ? (
              <Button onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                {m.audit.loadMore}
              </Button>
            ) : items.length ? (
              <Typography.Text type="secondary">{m.audit.end}</Typography.Text>
            ) : null
          }
        />
      )}
    </ConsolePage>
  );
}
