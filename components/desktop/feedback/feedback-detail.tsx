'use client';

import { Alert, App, Button, Card, Descriptions, Form, Image, Input, Popconfirm, Result, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { localName } from '@/lib/shared/names';
import { RelativeTime } from '@/components/shared/relative-time';
import { STATUS_COLOR } from '@/components/shared/feedback/status';
import { useFeedbackDetail } from '@/components/shared/feedback/use-feedback-detail';
import { MAX_REPLY_CONTENT, type FeedbackDetailDTO, type FeedbackReplyDTO } from '@/lib/api/schemas/feedback';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { LoginCard } from './login-card';
import s from './feedback-page.module.css';

function Thread({ replies }: { replies: FeedbackReplyDTO[] }) {
  const t = useT('feedback');
  if (!replies.length) return <p className={s.lead}>{t.noReplies}</p>;
  return (
    <ol className={s.thread} aria-label={t.thread}>
      {replies.map((r) => (
        <li key={r.id} className={r.fromStaff ? `${s.message} ${s.fromStaff}` : s.message}>
          <div className={s.messageHead}>
            <strong>{r.mine ? t.you : r.authorName}</strong>
            {r.fromStaff && <Tag color="green">{t.staff}</Tag>}
            <RelativeTime iso={r.createdAt} />
          </div>
          <p className={s.messageBody} data-verbatim="">
            {r.content}
          </p>
        </li>
      ))}
    </ol>
  );
}

function ReplyBox({ f, d }: { f: FeedbackDetailDTO; d: ReturnType<typeof useFeedbackDetail> }) {
  const t = useT('feedback');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();
  if (!f.canReply) return <Alert type="success" showIcon message={t.resolvedNote} />;
  return (
    <Form
      form={form}
      name="reply"
      layout="vertical"
      onFinish={(v) =>
        d.reply.mutate(
          { body: { feedbackId: f.id, content: v.content } },
          {
            onSuccess: () => {
              form.resetFields();
              void message.success(t.replySent);
            },
          },
        )
      }
    >
      <Form.Item
        name="content"
        label={t.replyLabel}
        rules={[{ required: true, whitespace: true, message: t.replyRequired }]}
      >
        <Input.TextArea rows={3} showCount maxLength={MAX_REPLY_CONTENT} placeholder={t.replyPlaceholder} />
      </Form.Item>
      <div className={s.replyActions}>
        {f.canResolve ? (
          <Popconfirm
            title={t.resolveConfirm}
            okText={t.resolve}
            cancelText={t.cancel}
            onConfirm={() =>
              d.resolve.mutate(
                { body: { feedbackId: f.id } },
                { onSuccess: () => void message.success(t.resolvedDone) },
              )
            }
          >
            <Button loading={d.resolve.isPending}>{t.resolve}</Button>
          </Popconfirm>
        ) : (
          <span />
        )}
        <Button type="primary" htmlType="submit" loading={d.reply.isPending}>
          {t.sendReply}
        </Button>
      </div>
    </Form>
  );
}

/** /feedback/{info}: one feedback, its images, the thread with staff, a reply box and "resolved". */
export function FeedbackDetail({ feedbackId }: { feedbackId: string }) {
  return (
    <App component={false}>
      <DetailView feedbackId={feedbackId} />
    </App>
  );
}

function DetailView({ feedbackId }: { feedbackId: string }) {
  const t = useT('feedback');
  const locale = useLocale();
  const d = useFeedbackDetail(feedbackId);
  const back = (
    <Link href="/feedback" className={s.back}>
      ← {t.back}
    </Link>
  );

  if (d.status === 'anonymous') return <LoginCard title={t.listLoginTitle} body={t.listLoginBody} />;
  const f = d.detail.data;
  if (d.detail.error) {
    const missing = d.detail.error.code === 404;
    return (
      <div className={`container ${s.page}`}>
        {back}
        {missing ? (
          <Result status="404" title={t.notFound} subTitle={t.notFoundBody} />
        ) : (
          <Alert
            type="error"
            showIcon
            message={fmt(t.loadFailed, { msg: d.detail.error.text })}
            action={<Button onClick={() => void d.detail.refetch()}>{t.retry}</Button>}
          />
        )}
      </div>
    );
  }
  if (!f) {
    return (
      <div className={`container ${s.page}`} aria-busy="true">
        {back}
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  return (
    <div className={`container ${s.page}`}>
      {back}
      <div className={s.grid}>
        <Card
          title={
            <h1 style={{ fontSize: 20, margin: 0, whiteSpace: 'normal' }} data-verbatim="">
              {f.title}
            </h1>
          }
          extra={
            <Tag color={STATUS_COLOR[f.status]} data-status={f.status}>
              {t[f.status]}
            </Tag>
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t.platform}>{localName(f.platform, locale)}</Descriptions.Item>
            <Descriptions.Item label={t.type}>{localName(f.type, locale)}</Descriptions.Item>
            {f.region && <Descriptions.Item label={t.region}>{localName(f.region, locale)}</Descriptions.Item>}
            <Descriptions.Item label={t.filed}>
              <RelativeTime iso={f.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t.contactPhone}>{f.contactPhone}</Descriptions.Item>
            {f.submitter && (
              <Descriptions.Item label={t.from}>{`${f.submitter.nickname} · ${f.submitter.phone}`}</Descriptions.Item>
            )}
          </Descriptions>
          <p className={s.content} data-verbatim="">
            {f.content}
          </p>
          {f.images.length > 0 && (
            <Image.PreviewGroup>
              <div className={s.images} aria-label={t.images}>
                {f.images.map((img, i) => (
                  <Image
                    key={img.key}
                    src={img.url}
                    width={104}
                    height={104}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                    alt={fmt(t.imageAlt, { n: i + 1 })}
                  />
                ))}
              </div>
            </Image.PreviewGroup>
          )}
        </Card>
        <Card title={<h2 style={{ fontSize: 17, margin: 0 }}>{t.thread}</h2>}>
          {d.replies.data ? <Thread replies={d.replies.data} /> : <Skeleton active paragraph={{ rows: 2 }} />}
        </Card>
        <Card>
          <ReplyBox f={f} d={d} />
        </Card>
      </div>
    </div>
  );
}
