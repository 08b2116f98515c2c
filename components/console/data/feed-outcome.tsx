'use client';

import { Tag, Tooltip } from 'antd';
import type { SourceFeed } from '@/lib/api/console/schemas/source-feeds';
import { count, dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { useConsoleServerText } from '../server-text';

const COLOR: Record<NonNullable<SourceFeed['lastOutcome']>, string> = {
  ok: 'green',
  partial: 'gold',
  unchanged: 'default',
  refused: 'red',
  failed: 'red',
};

/**
 * A source's last run: when, what came of it (a tag) and the rows it imported; its error beneath,
 * in the console's language, the English technical text in its tooltip.
 */
export function FeedLastRun({ feed }: { feed: SourceFeed }) {
  const { m, f, locale } = useConsoleT();
  const text = useConsoleServerText();
  const t = m.sourcesPage;
  if (!feed.lastRunAt || !feed.lastOutcome) return <span>{t.never}</span>;
  return (
    <span>
      {dateTime(feed.lastRunAt)} <Tag color={COLOR[feed.lastOutcome]}>{t.outcome[feed.lastOutcome]}</Tag>
      {feed.lastRows ? f(t.rowsCount, { n: count(feed.lastRows, locale) }) : null}
      {feed.lastError && (
        <>
          <br />
          <FeedError text={text(feed.lastErrorRef, feed.lastError)} raw={feed.lastError} />
        </>
      )}
    </span>
  );
}

/** A source's error as the member reads it; the raw text (English, with the import's reason) on hover. */
export function FeedError({ text, raw }: { text: string; raw: string }) {
  return (
    <Tooltip title={raw === text ? undefined : raw}>
      <small data-testid="feed-error" tabIndex={raw === text ? undefined : 0} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </small>
    </Tooltip>
  );
}
