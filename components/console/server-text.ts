'use client';

import { useCallback, useEffect, useState } from 'react';
import { loadCatalogue, loadedCatalogue } from '@/lib/i18n/server-catalogue';
import { renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { useConsoleT } from './i18n';

type Ref = { key: string; params?: Record<string, unknown> } | null | undefined;

/**
 * A message the server put inside an answer (a source's last error), in the console's language:
 * `text(ref, english)`. The Chinese catalogue is the same lazy chunk the site loads; until it
 * arrives a Chinese page shows nothing rather than English, and English stands in only if it
 * cannot be loaded or lacks the key.
 */
export function useConsoleServerText() {
  const { locale } = useConsoleT();
  const [catalogue, setCatalogue] = useState(() => loadedCatalogue(locale));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (catalogue || locale === 'en') return;
    let live = true;
    loadCatalogue(locale).then(
      (c) => live && setCatalogue(c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [catalogue, locale]);
  return useCallback(
    (ref: Ref, english: string) => {
      if (!ref || locale === 'en' || failed) return english;
      if (!catalogue) return '';
      return renderMessage(ref as MessageRef, locale, catalogue) || english;
    },
    [catalogue, failed, locale],
  );
}
