'use client';

import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { FEED_EVERY_MINUTES, type SourceFeed } from '@/lib/api/console/schemas/source-feeds';
import { request } from '@/lib/api/request';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';
import { FeedLastRun } from './feed-outcome';
import styles from './sources.module.css';

/** /console/data/sources (role `data`): price files fetched from a URL on a schedule. */
export function SourcesPage() {
  const { m, f } = useConsoleT();
  const t = m.sourcesPage;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['ConsoleSourceFeeds'],
    queryFn: ({ signal }) => request('ConsoleSourceFeeds', { signal }),
    // A new source is fetched by the job within seconds: show its run when it comes.
    refetchInterval: 10_000,
  });
  const [editing, setEditing] = useState<SourceFeed | 'new' | null>(null);
  const refresh = useMutation({
    mutationFn: (id: number) => request('ConsoleRefreshSourceFeed', { body: { id }, skipErrorHandler: true }),
    onSuccess: (s) => void message.success(f(t.refreshed, { name: s.name, outcome: t.outcome[s.lastOutcome ?? 'ok'] })),
    onError: (e) => void message.error(f(t.refreshFailed, { msg: (e as Error).message })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['ConsoleSourceFeeds'] });
      void qc.invalidateQueries({ queryKey: ['ConsoleImports'] });
    },
  });
  return (
    <ConsolePage
      title={t.title}
      roles={['data']}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.add}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t.intro} <Link href="/console/data/imports">{t.history}</Link>
      </Typography.Paragraph>
      {list.isError ? (
        <LoadFailed error={list.error as never} onRetry={() => void list.refetch()} />
      ) : (
        <Table<SourceFeed>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          // Fixed widths that fit a 1024 px tablet (912 px of content); the name column takes the rest
          // and cuts a long URL short. Narrower than that, the table scrolls with its actions pinned.
          tableLayout="fixed"
          scroll={{ x: 880 }}
          locale={{ emptyText: t.none }}
          columns={[
            {
              title: t.name,
              render: (_, r) => (
                <>
                  <strong className={styles.name}>{r.name}</strong>
                  <Typography.Text type="secondary" className={styles.url} ellipsis={{ tooltip: r.url }}>
                    {r.url}
                  </Typography.Text>
                </>
              ),
            },
            {
              // The schedule and the next run in one column.
              title: t.every,
              width: 170,
              render: (_, r) =>
                r.enabled ? (
                  <Space direction="vertical" size={0}>
                    {scheduleName(t.schedules, r.everyMinutes)}
                    <Typography.Text type="secondary">
                      {t.nextRun}
                      {m.common.colon}
                      {dateTime(r.nextRunAt)}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="warning">{t.paused}</Typography.Text>
                ),
            },
            { title: t.countries, width: 110, render: (_, r) => r.countries.join(', ') || '—' },
            { title: t.lastRun, width: 250, render: (_, r) => <FeedLastRun feed={r} /> },
            {
              title: t.action,
              key: 'action',
              width: 180,
              fixed: 'right',
              render: (_, r) => (
                <Space wrap size={4}>
                  <Button size="small" onClick={() => setEditing(r)} aria-label={`${t.edit}: ${r.name}`}>
                    {t.edit}
                  </Button>
                  <Button
                    size="small"
                    loading={refresh.isPending && refresh.variables === r.id}
                    onClick={() => refresh.mutate(r.id)}
                    aria-label={`${t.refresh}: ${r.name}`}
                  >
                    {t.refresh}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && <FeedDialog feed={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ConsolePage>
  );
}

const scheduleName = (names: Record<string, string>, minutes: number) => names[String(minutes)] ?? `${minutes} min`;

type Fields = { name: string; url: string; everyMinutes: number; enabled: boolean };

/** Adds or changes one source; the server's refusal (a private address, not https) is shown as it says it. */
function FeedDialog({ feed, onClose }: { feed: SourceFeed | null; onClose: () => void }) {
  const { m, f } = useConsoleT();
  const t = m.sourcesPage;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const save = useMutation({
    mutationFn: (v: Fields) =>
      request('ConsoleSaveSourceFeed', { body: { ...v, ...(feed ? { id: feed.id } : {}) }, skipErrorHandler: true }),
    onSuccess: (s) => {
      void message.success(f(t.saved, { name: s.name }));
      void qc.invalidateQueries({ queryKey: ['ConsoleSourceFeeds'] });
      void qc.invalidateQueries({ queryKey: ['ConsoleAuditLog'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={feed ? f(t.dialogEdit, { name: feed.name }) : t.dialogAdd}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={
          feed
            ? { name: feed.name, url: feed.url, everyMinutes: feed.everyMinutes, enabled: feed.enabled }
            : { name: '', url: '', everyMinutes: 1440, enabled: true }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="name" label={t.name}>
          <Input maxLength={80} autoFocus />
        </Form.Item>
        <Form.Item name="url" label={t.url} extra={t.urlHint}>
          <Input maxLength={2000} inputMode="url" placeholder="https://data.humdata.org/…/wfp_food_prices_bgd.csv" />
        </Form.Item>
        <Form.Item name="everyMinutes" label={t.every}>
          <Select options={FEED_EVERY_MINUTES.map((n) => ({ value: n, label: scheduleName(t.schedules, n) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
        {save.isError && <Alert type="error" showIcon message={f(t.failed, { msg: (save.error as Error).message })} />}
      </Form>
    </Modal>
  );
}
