'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Pagination, Segmented, Select, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { localName } from '@/lib/shared/names';
import { RelativeTime } from '@/components/shared/relative-time';
import { STATUS_COLOR, STATUS_ORDER } from '@/components/shared/feedback/status';
import { useApiQuery } from '@/lib/api/hooks';
import type { FeedbackStatus, FeedbackSummaryDTO } from '@/lib/api/schemas/feedback';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useUserInfo } from '@/stores/user-info';
import { LoginCard } from './login-card';
import s from './feedback-page.module.css';

const PAGE_SIZE = 10;
type StatusFilter = FeedbackStatus | 'all';

function Row({ f, inbox }: { f: FeedbackSummaryDTO; inbox: boolean }) {
  const t = useT('feedback');
  const locale = useLocale();
  return (
    <tr>
      <td>
        <Link href={`/feedback/${f.id}`} className={s.rowTitle} data-verbatim="">
          {f.title}
        </Link>
        <div className={s.rowMeta}>
          {localName(f.type, locale)}
          {f.region ? ` · ${localName(f.region, locale)}` : ''}
          {f.replyCount ? ` · ${fmt(t.replies, { n: f.replyCount }, locale)}` : ''}
          {f.imageCount ? ` · ${fmt(t.imageCount, { n: f.imageCount }, locale)}` : ''}
        </div>
      </td>
      <td>{localName(f.platform, locale)}</td>
      {inbox && <td>{f.submitter ? `${f.submitter.nickname} · ${f.submitter.phone}` : ''}</td>}
      <td>
        <Tag color={STATUS_COLOR[f.status]}>{t[f.status]}</Tag>
      </td>
      <td>
        <RelativeTime iso={f.updatedAt} />
      </td>
    </tr>
  );
}

/** /feedback: the user's own feedback; for staff, the inbox of everyone's with filters. */
export function FeedbackList() {
  const t = useT('feedback');
  const locale = useLocale();
  const status = useUserInfo((st) => st.status);
  const isStaff = useUserInfo((st) => !!st.user?.isStaff);
  const openFrame = useFeedbackFrame((st) => st.openFrame);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [platformKey, setPlatformKey] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);

  const body = {
    pageIndex,
    pageSize: PAGE_SIZE,
    status: filter === 'all' ? undefined : filter,
    plaformKey: platformKey,
    keyword: keyword || undefined,
  };
  const list = useApiQuery(
    'QueryUserFeedbackForPage',
    { body },
    { enabled: status === 'ready', placeholderData: keepPreviousData },
  );
  const platforms = useApiQuery('QueryPlatformDataList', {}, { enabled: isStaff, staleTime: 5 * 60_000 });

  if (status === 'anonymous') return <LoginCard title={t.listLoginTitle} body={t.listLoginBody} />;

  const data = list.data;
  const inbox = data?.inbox ?? isStaff;
  const counts = data?.counts;
  const total = counts ? counts.pending + counts.replied + counts.resolved : undefined;
  const label = (key: StatusFilter, text: string) => {
    const n = key === 'all' ? total : counts?.[key];
    return n === undefined ? text : `${text} (${n})`;
  };
  const filtered = filter !== 'all' || !!platformKey || !!keyword;

  return (
    <div className={`container ${s.page}`}>
      <div className={s.head}>
        <div>
          <h1>{inbox ? t.inboxTitle : t.listTitle}</h1>
          <p className={s.lead}>{inbox ? t.inboxLead : t.listLead}</p>
        </div>
        <Button type="primary" onClick={openFrame}>
          {t.newFeedback}
        </Button>
      </div>
      <div className={s.filters}>
        <Segmented<StatusFilter>
          aria-label={t.status}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPageIndex(1);
          }}
          options={[
            { value: 'all', label: label('all', t.all) },
            ...STATUS_ORDER.map((k) => ({ value: k, label: label(k, t[k]) })),
          ]}
        />
        {inbox && (
          <>
            <Select
              aria-label={t.colPlatform}
              allowClear
              placeholder={t.allPlatforms}
              value={platformKey}
              onChange={(v?: string) => {
                setPlatformKey(v);
                setPageIndex(1);
              }}
              options={(platforms.data ?? []).map((p) => ({ value: p.plaformKey, label: localName(p, locale) }))}
              style={{ minWidth: 180 }}
            />
            <Input.Search
              aria-label={t.search}
              allowClear
              placeholder={t.searchPlaceholder}
              enterButton={t.search}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPageIndex(1);
              }}
              style={{ maxWidth: 320 }}
            />
          </>
        )}
      </div>
      {list.error && list.error.code !== 401 && (
        <Alert
          type="error"
          showIcon
          message={fmt(t.loadFailed, { msg: list.error.text })}
          action={<Button onClick={() => void list.refetch()}>{t.retry}</Button>}
        />
      )}
      {/* A plain table: antd's Table would double this page's script for a list of ten rows. */}
      {!data && (status !== 'ready' || list.isLoading) ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : !data ? null : !data.list.length ? (
        <Empty description={filtered ? t.emptyFiltered : inbox ? t.emptyInbox : t.empty} />
      ) : (
        <table className={s.table} aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t.colTitle}</th>
              <th scope="col">{t.colPlatform}</th>
              {inbox && <th scope="col">{t.colFrom}</th>}
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colActivity}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((f) => (
              <Row key={f.id} f={f} inbox={inbox} />
            ))}
          </tbody>
        </table>
      )}
      {(data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          className={s.pager}
          current={pageIndex}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onChange={setPageIndex}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
