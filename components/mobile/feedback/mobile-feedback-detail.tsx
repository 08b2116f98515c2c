'use client';

import { Button, Dialog, DotLoading, ErrorBlock, ImageViewer, Tag, TextArea, Toast } from 'antd-mobile';
import Link from 'next/link';
import { useId, useState } from 'react';
import { localName } from '@/lib/shared/names';
import { RelativeTime } from '@/components/shared/relative-time';
import { STATUS_COLOR_MOBILE } from '@/components/shared/feedback/status';
import { useFeedbackDetail } from '@/components/shared/feedback/use-feedback-detail';
import { ensureAntdMobileReact19 } from '@/components/shared/errors/dialogs/antd-mobile-react19';
import { MAX_REPLY_CONTENT, type FeedbackDetailDTO } from '@/lib/api/schemas/feedback';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { MobileLoginCard } from './mobile-login-card';
import s from './mobile-feedback-page.module.css';

ensureAntdMobileReact19();

function ReplyBox({ f, d }: { f: FeedbackDetailDTO; d: ReturnType<typeof useFeedbackDetail> }) {
  const t = useT('feedback');
  const [text, setText] = useState('');
  const id = useId();
  if (!f.canReply) return <p className={s.muted}>{t.resolvedNote}</p>;
  const send = () => {
    if (!text.trim()) {
      Toast.show({ content: t.replyRequired });
      return;
    }
    d.reply.mutate(
      { body: { feedbackId: f.id, content: text } },
      { onSuccess: () => (setText(''), Toast.show({ icon: 'success', content: t.replySent })) },
    );
  };
  const resolve = async () => {
    const ok = await Dialog.confirm({ content: t.resolveConfirm, confirmText: t.resolve, cancelText: t.cancel });
    if (ok)
      d.resolve.mutate(
        { body: { feedbackId: f.id } },
        { onSuccess: () => void Toast.show({ icon: 'success', content: t.resolvedDone }) },
      );
  };
  return (
    <div>
      <label htmlFor={id} className={s.replyLabel}>
        {t.replyLabel}
      </label>
      <div className={s.textarea}>
        <TextArea
          id={id}
          value={text}
          onChange={setText}
          rows={3}
          showCount
          maxLength={MAX_REPLY_CONTENT}
          placeholder={t.replyPlaceholder}
        />
      </div>
      <div className={s.actions}>
        <Button block color="primary" loading={d.reply.isPending} onClick={send}>
          {t.sendReply}
        </Button>
        {f.canResolve && (
          <Button block loading={d.resolve.isPending} onClick={() => void resolve()}>
            {t.resolve}
          </Button>
        )}
      </div>
    </div>
  );
}

/** /mobileFeedback/{info}: the feedback, its images (full screen on tap), the thread, reply and resolve. */
export function MobileFeedbackDetail({ feedbackId }: { feedbackId: string }) {
  const t = useT('feedback');
  const locale = useLocale();
  const d = useFeedbackDetail(feedbackId);
  const [viewing, setViewing] = useState<number | null>(null);
  const back = (
    <Link href="/mobileFeedback" className={s.back}>
      ← {t.back}
    </Link>
  );

  if (d.status === 'anonymous') return <MobileLoginCard title={t.listLoginTitle} body={t.listLoginBody} />;
  const f = d.detail.data;
  if (d.detail.error) {
    const missing = d.detail.error.code === 404;
    return (
      <div className={s.page}>
        {back}
        <ErrorBlock
          status="empty"
          title={missing ? t.notFound : fmt(t.loadFailed, { msg: d.detail.error.text })}
          description={missing ? t.notFoundBody : ''}
        />
      </div>
    );
  }
  if (!f) {
    return (
      <div className={s.page}>
        {back}
        <div className={s.loading} aria-busy="true">
          <DotLoading /> {t.loading}
        </div>
      </div>
    );
  }

  return (
    <div className={s.page}>
      {back}
      <article className={s.card}>
        <h1 data-verbatim="">{f.title}</h1>
        <Tag color={STATUS_COLOR_MOBILE[f.status]} data-status={f.status}>
          {t[f.status]}
        </Tag>
        <dl className={s.meta}>
          <dt>{t.platform}</dt>
          <dd>{localName(f.platform, locale)}</dd>
          <dt>{t.type}</dt>
          <dd>{localName(f.type, locale)}</dd>
          {f.region && (
            <>
              <dt>{t.region}</dt>
              <dd>{localName(f.region, locale)}</dd>
            </>
          )}
          <dt>{t.filed}</dt>
          <dd>
            <RelativeTime iso={f.createdAt} />
          </dd>
          <dt>{t.contactPhone}</dt>
          <dd>{f.contactPhone}</dd>
          {f.submitter && (
            <>
              <dt>{t.from}</dt>
              <dd>{`${f.submitter.nickname} · ${f.submitter.phone}`}</dd>
            </>
          )}
        </dl>
        <p className={s.content} data-verbatim="">
          {f.content}
        </p>
        {f.images.length > 0 && (
          <div className={s.images} aria-label={t.images}>
            {f.images.map((img, i) => (
              <button key={img.key} type="button" className={s.thumb} onClick={() => setViewing(i)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- user uploads, served as stored */}
                <img src={img.url} alt={fmt(t.imageAlt, { n: i + 1 })} loading="lazy" />
              </button>
            ))}
          </div>
        )}
        <ImageViewer.Multi
          images={f.images.map((i) => i.url)}
          visible={viewing !== null}
          defaultIndex={viewing ?? 0}
          onClose={() => setViewing(null)}
        />
      </article>
      <section className={s.card} aria-labelledby={`${feedbackId}-thread`}>
        <h2 id={`${feedbackId}-thread`}>{t.thread}</h2>
        {!d.replies.data ? (
          <DotLoading />
        ) : d.replies.data.length === 0 ? (
          <p className={s.muted}>{t.noReplies}</p>
        ) : (
          <ol className={s.thread}>
            {d.replies.data.map((r) => (
              <li key={r.id} className={r.fromStaff ? `${s.message} ${s.fromStaff}` : s.message}>
                <div className={s.messageHead}>
                  <strong>{r.mine ? t.you : r.authorName}</strong>
                  {r.fromStaff && <Tag color="success">{t.staff}</Tag>}
                  <RelativeTime iso={r.createdAt} />
                </div>
                <p className={s.messageBody} data-verbatim="">
                  {r.content}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={s.card}>
        <ReplyBox f={f} d={d} />
      </section>
    </div>
  );
}
