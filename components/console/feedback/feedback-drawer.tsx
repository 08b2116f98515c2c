'use client';

import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Image,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InboxDetail } from '@/lib/api/console/schemas/feedback';
import { MAX_NOTE } from '@/lib/api/console/schemas/feedback';
import { MAX_REPLY_CONTENT } from '@/lib/api/schemas/feedback';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { CANNED_REPLIES } from '@/lib/i18n/messages/console-feedback-canned';
import { pick } from '@/lib/shared/names';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { LoadFailed } from '../shared/load-failed';
import { STATE_COLOR } from './feedback-inbox';

/** One feedback beside the inbox: the customer's text, the thread, the reply box, notes, assignment. */
export function FeedbackDrawer({ feedbackId, onClose }: { feedbackId: string | null; onClose: () => void }) {
  const { m, locale } = useConsoleT();
  const t = m.inbox;
  return (
    <Drawer
      open={!!feedbackId}
      onClose={onClose}
      size={720}
      title={t.title}
      destroyOnHidden
      closable={{ 'aria-label': m.common.close }}
      data-testid="feedback-drawer"
    >
      {feedbackId && <Detail key={feedbackId} feedbackId={feedbackId} locale={locale} />}
    </Drawer>
  );
}

function Detail({ feedbackId, locale }: { feedbackId: string; locale: 'zh-CN' | 'en' }) {
  const { m, f } = useConsoleT();
  const t = m.inbox;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const input = { body: { feedbackId } };
  const q = useApiQuery('ConsoleFeedbackDetail', input);
  const facets = useApiQuery('ConsoleFeedbackFacets', {}, { staleTime: 300_000 });
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = (d: InboxDetail) => {
    qc.setQueryData(apiQueryKey('ConsoleFeedbackDetail', input), d);
    void qc.invalidateQueries({ queryKey: ['ConsoleFeedbackInbox'] });
  };
  const onFail = (e: { text?: string }) => setError(e.text ?? null);
  const send = useApiMutation('ConsoleFeedbackReply', {
    onSuccess: (d) => {
      done(d);
      setReply('');
      setError(null);
      message.success(d.item.notifySms ? f(t.sentSms, { phone: d.contactPhone }) : t.sent);
    },
    onError: onFail,
  });
  const resolve = useApiMutation('ConsoleFeedbackResolve', {
    onSuccess: (d) => {
      done(d);
      message.success(t.resolvedDone);
    },
  });
  const assign = useApiMutation('ConsoleFeedbackAssign', {
    onSuccess: (d) => {
      done(d);
      message.success(t.assigned);
    },
  });
  const addNote = useApiMutation('ConsoleFeedbackNote', {
    onSuccess: () => {
      setNote('');
      void q.refetch();
      message.success(t.noteAdded);
    },
  });

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!q.data) return <LoadFailed error={q.error} onRetry={() => q.refetch()} />;
  const d = q.data;
  const it = d.item;
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  const resolved = it.state === 'resolved';

  function submit(andResolve: boolean) {
    if (!reply.trim()) return setError(t.replyRequired);
    send.mutate({ body: { feedbackId, content: reply, resolve: andResolve }, skipErrorHandler: true });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="drawer-title">
          {it.title}
        </Typography.Title>
        <Space wrap>
          <Tag color={STATE_COLOR[it.state]} data-testid="drawer-state">
            {t.states[it.state]}
          </Tag>
          <Typography.Text type="secondary">
            {name(it.platform)} · {name(it.type)} · {f(t.filed, { time: dateTime(it.createdAt) })}
          </Typography.Text>
        </Space>
      </div>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t.colCustomer}>
          {it.submitter.nickname} · {it.submitter.phone}
        </Descriptions.Item>
        <Descriptions.Item label={t.contact}>
          {d.contactPhone}
          {it.notifySms && <Tag style={{ marginInlineStart: 6 }}>{t.smsAsked}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t.region}>{d.region ? name(d.region) : m.common.none}</Descriptions.Item>
        <Descriptions.Item label={t.assignTo}>
          <Select
            size="small"
            style={{ minWidth: 160 }}
            aria-label={t.assignTo}
            value={it.assignee?.id ?? ''}
            loading={assign.isPending}
            onChange={(v: string) => assign.mutate({ body: { feedbackId, assigneeId: v || null } })}
            options={[
              { value: '', label: t.unassigned },
              ...(facets.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="drawer-content">
        {d.content}
      </Typography.Paragraph>
      {d.images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {d.images.map((img, i) => (
              <Image
                key={img.key}
                src={img.url}
                width={88}
                height={88}
                style={{ objectFit: 'cover' }}
                alt={`${t.images} ${i + 1}`}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}

      <Divider titlePlacement="start" plain style={{ margin: '4px 0' }}>
        {t.thread}
      </Divider>
      {d.replies.length ? (
        <Timeline
          items={d.replies.map((r) => ({
            color: r.fromStaff ? 'blue' : 'gray',
            children: (
              <div data-testid="drawer-reply">
                <Typography.Text strong>
                  {r.fromStaff ? t.fromStaff : t.fromCustomer} · {r.authorName}
                </Typography.Text>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dateTime(r.createdAt)}
                </Typography.Text>
                <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div>
              </div>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t.noReplies}</Typography.Text>
      )}

      {resolved ? (
        <Alert type="success" showIcon message={t.isResolved} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text strong>{t.reply}</Typography.Text>
            <Select
              placeholder={t.canned}
              aria-label={t.canned}
              style={{ width: 240 }}
              value={null}
              onChange={(v: string) => {
                const [id, lang] = v.split(':');
                const c = CANNED_REPLIES.find((x) => x.id === id);
                if (c) setReply((old) => (old.trim() ? `${old.trimEnd()}\n\n` : '') + (lang === 'zh' ? c.zh : c.en));
              }}
              options={[
                { label: t.cannedZh, options: CANNED_REPLIES.map((c) => ({ value: `${c.id}:zh`, label: c.label.zh })) },
                { label: t.cannedEn, options: CANNED_REPLIES.map((c) => ({ value: `${c.id}:en`, label: c.label.en })) },
              ]}
            />
          </Space>
          <Input.TextArea
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            placeholder={t.replyPlaceholder}
            aria-label={t.reply}
            autoSize={{ minRows: 4, maxRows: 12 }}
            maxLength={MAX_REPLY_CONTENT}
            showCount
            status={error ? 'error' : undefined}
            data-testid="reply-text"
          />
          {error && <Alert type="error" showIcon message={error} />}
          {it.notifySms && (
            <Typography.Text type="secondary">{f(t.willSms, { phone: d.contactPhone })}</Typography.Text>
          )}
          <Space wrap>
            <Button type="primary" loading={send.isPending} onClick={() => submit(false)} data-testid="reply-send">
              {t.send}
            </Button>
            <Button loading={send.isPending} onClick={() => submit(true)}>
              {t.sendResolve}
            </Button>
            <Popconfirm
              title={t.resolveConfirm}
              okText={m.common.confirm}
              cancelText={m.common.cancel}
              onConfirm={() => resolve.mutate({ body: { feedbackId } })}
            >
              <Button loading={resolve.isPending}>{t.resolve}</Button>
            </Popconfirm>
          </Space>
        </Space>
      )}

      <Divider titlePlacement="start" plain style={{ margin: '4px 0' }}>
        {t.notes}
      </Divider>
      <Typography.Text type="secondary">{t.notesHint}</Typography.Text>
      {d.notes.length ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {d.notes.map((n) => (
            <Alert
              key={n.id}
              type="warning"
              message={
                <span>
                  <Typography.Text strong>{n.authorName}</Typography.Text>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dateTime(n.createdAt)}
                  </Typography.Text>
                </span>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{n.content}</span>}
            />
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noNotes} />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t.notePlaceholder}
          aria-label={t.notePlaceholder}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MAX_NOTE}
        />
        <Button
          loading={addNote.isPending}
          onClick={() =>
            note.trim() ? addNote.mutate({ body: { feedbackId, content: note } }) : message.warning(t.noteRequired)
          }
        >
          {t.addNote}
        </Button>
      </Space.Compact>
    </Space>
  );
}
