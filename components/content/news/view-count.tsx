'use client';

import { useEffect, useState } from 'react';
import { NEWS_BY_ID_PATH } from '@/lib/content/paths';
import { servicePrefix } from '@/lib/api/service-prefix';
import { whenIdle } from '@/lib/client/when-idle';
import { pick, type Template } from '@/lib/i18n/format';

const counted = new Set<number>();

// Digits grouped by hand: the first Intl call of a page costs more than this whole island.
const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The cached article page cannot count its own views, so the browser calls
 * QueryNewsById (which counts one) once per page load and shows the new count,
 * once the page has loaded and is idle: the count is not worth a start-up task
 * (the page's first fetch alone cost about 10 ms of main thread).
 */
export function ViewCount({
  id,
  initial,
  lang,
  template,
}: {
  id: number;
  initial: number;
  lang: 'en' | 'zh-CN';
  template: Template;
}) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (counted.has(id)) return;
    return whenIdle(() => {
      if (counted.has(id)) return;
      counted.add(id);
      void fetch(`${servicePrefix('core')}${NEWS_BY_ID_PATH}?id=${id}&lang=${lang}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
        .then((r) => r.json())
        .then((b: { code?: number; data?: { views?: number } }) => {
          if (b.code === 1 && typeof b.data?.views === 'number') setViews(b.data.views);
        })
        .catch(() => {
          // The count is a courtesy; a failed call changes nothing on the page.
        });
    });
  }, [id, lang]);
  return <span>{pick(template, { n: views }, lang).replace('{n}', group(views))}</span>;
}
