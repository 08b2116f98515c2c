'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, SearchBar, Tabs, Tag } from 'antd-mobile';
import Link from 'next/link';
import { useState } from 'react';
import { localName } from '@/lib/shared/names';
import { RelativeTime } from '@/components/shared/relative-time';
import { STATUS_COLOR_MOBILE, STATUS_ORDER } from '@/components/shared/feedback/status';
import { api } from '@/lib/api/client';
import type { RequestError } from '@/lib/api/request-error';
import type { FeedbackPageDTO, FeedbackStatus } from '@/lib/api/schemas/feedback';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useUserInfo } from '@/stores/user-info';
import { MobileLoginCard } from './mobile-login-card';
import s from './mobile-feedback-page.module.css';

const PAGE_SIZE = 10;
type StatusFilter = FeedbackStatus | 'all';

/** /mobileFeedback: the user's feedback (staff: everyone's), newest activity first, with "load more". */
export function MobileFeedbackList() {
  const t = useT('feedback');
  const locale = useLocale();
  const status = useUserInfo((st) => st.status);
  const isStaff = useUserInfo((st) => !!st.user?.isStaff);
  const openFrame = useFeedbackFrame((st) => st.openFrame);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [keyword, setKeyword] = useState('');
  const filters = { status: filter === 'all' ? undefined : filter, keyword: keyword || undefined, pageSize: PAGE_SIZE };

  // Same first key segment as the paged call, so every change to feedback refreshes this list too.
  const q = useInfiniteQuery<FeedbackPageDTO, RequestError>({
    queryKey: ['QueryUserFeedbackForPage', 'infinite', filters],
    queryFn: ({ pageParam, signal }) =>
      api.QueryUserFeedbackForPage({ body: { ...filters, pageIndex: pageParam as number }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageIndex * last.pageSize < last.total ? last.pageIndex + 1 : undefined),
    enabled: status === 'ready',
  });

  if (status === 'anonymous') return <MobileLoginCard title={t.listLoginTitle} body={t.listLoginBody} />;

  const first = q.data?.pages[0];
  const inbox = first?.inbox ?? isStaff;
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const counts = first?.counts;
  const title = (key: StatusFilter, text: string) => {
    const n = !counts ? undefined : key === 'all' ? counts.pending + counts.replied + counts.resolved : counts[key];
    return n === undefined ? text : `${text} ${n}`;
  };

  return (
    <div className={s.page}>
      <div className={s.head}>
        <h1>{inbox ? t.inboxTitle : t.listTitle}</h1>
        <Button size="small" color="primary" onClick={openFrame}>
          {t.newFeedback}
        </Button>
      </div>
      {inbox && (
        <div className={s.search}>
          <SearchBar
            placeholder={t.searchPlaceholder}
            aria-label={t.search}
            onSearch={(v) => setKeyword(v.trim())}
            onClear={() => setKeyword('')}
          />
        </div>
      )}
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as StatusFilter)}>
        <Tabs.Tab key="all" title={title('all', t.all)} />
        {STATUS_ORDER.map((k) => (
          <Tabs.Tab key={k} title={title(k, t[k])} />
        ))}
      </Tabs>
      {q.isError && q.error.code !== 401 && (
        <ErrorBlock status="default" title={fmt(t.loadFailed, { msg: q.error.text })} description="">
          <Button size="small" onClick={() => void q.refetch()}>
            {t.retry}
          </Button>
        </ErrorBlock>
      )}
      {(status !== 'ready' || q.isLoading) && (
        <div className={s.loading} aria-busy="true">
          <DotLoading /> {t.loading}
        </div>
      )}
      {q.isSuccess && items.length === 0 && (
        <ErrorBlock
          status="empty"
          title={filter !== 'all' || keyword ? t.emptyFiltered : inbox ? t.emptyInbox : t.empty}
          description=""
        />
      )}
      <ul className={s.list}>
        {items.map((f) => (
          <li key={f.id}>
            <Link href={`/mobileFeedback/${f.id}`} className={s.item}>
              <span className={s.itemTop}>
                <span className={s.itemTitle} data-verbatim="">
                  {f.title}
                </span>
                <Tag color={STATUS_COLOR_MOBILE[f.status]} fill="outline">
                  {t[f.status]}
                </Tag>
              </span>
              <span className={s.itemMeta}>
                {localName(f.platform, locale)} · {localName(f.type, locale)}
                {f.submitter ? ` · ${f.submitter.nickname}` : ''}
                {f.replyCount ? ` · ${fmt(t.replies, { n: f.replyCount }, locale)}` : ''}
              </span>
              <RelativeTime iso={f.updatedAt} className={s.itemTime} />
            </Link>
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <Button block fill="none" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
