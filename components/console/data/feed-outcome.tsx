'use client';

import { Tag } from 'antd';
import type { SourceFeed } from '@/lib/api/console/schemas/source-feeds';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';

const COLOR: Record<NonNullable<SourceFeed['lastOutcome']>, string> = {
  ok: 'green',
  partial: 'gold',
  unchanged: 'default',
  refused: 'red',
  failed: 'red',
};

/** A source's last run: when, what came of it (a tag) and the rows it imported; its error beneath. */
export function FeedLastRun({ feed }: { feed: SourceFeed }) {
  const { m, f, locale } = useConsoleT();
  const t = m.sourcesPage;
  if (!feed.lastRunAt || !feed.lastOutcome) return <span>{t.never}</span>;
  return (
    <span>
      {dateTime(feed.lastRunAt)} <Tag color={COLOR[feed.lastOutcome]}>{t.outcome[feed.lastOutcome]}</Tag>
      {feed.lastRows ? f(t.rowsCount, { n: count(feed.lastRows, locale) }) : null}
      {feed.lastError && (
        <>
          <br />
          <small>{feed.lastError}</small>
        </>
      )}
    </span>
  );
}
