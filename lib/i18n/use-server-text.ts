'use client';

import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '@/lib/shared/locale';
import { useLocale } from './client';
import { loadCatalogue, loadedCatalogue } from './server-catalogue';
import { renderMessage, type MessageRef } from './server-messages';

type Ref = { key: string; params?: Record<string, unknown> } | null | undefined;

/**
 * Shows a message the server put inside an answer (`refusedMessage` beside its English
 * `refusedReason`) in the page's language: `text(dto.refusedMessage, dto.refusedReason)`.
 * On a Chinese page the message is empty until the catalogue chunk arrives, so no English flashes
 * up in a Chinese page (a slow network kept English tooltips for seconds); the English stands in
 * only if the chunk cannot be loaded or lacks the key.
 */
export function useServerText() {
  return useServerTextIn(useLocale());
}

/** The same in a language the caller names (the console's, which has its own provider). */
export function useServerTextIn(locale: Locale) {
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
