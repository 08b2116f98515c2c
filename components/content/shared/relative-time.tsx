'use client';

import { useEffect, useState } from 'react';
import { relativeTime } from '@/lib/shared/relative-time';

/**
 * Relative time (docs/screens.md). The page is cached, so the server writes the date
 * (`fallback`) and the browser turns it into "3 hours ago" after loading.
 */
export function RelativeTime({ iso, lang, fallback }: { iso: string; lang: 'en' | 'zh-CN'; fallback: string }) {
  const [text, setText] = useState(fallback);
  useEffect(() => {
    const update = () => setText(relativeTime(iso, { lang }) || fallback);
    update();
    const timer = window.setInterval(update, 60_000);
    return () => window.clearInterval(timer);
  }, [iso, lang, fallback]);
  return (
    <time dateTime={iso} title={fallback}>
      {text}
    </time>
  );
}
