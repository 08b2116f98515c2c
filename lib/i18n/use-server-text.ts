'use client';

import { useCallback, useEffect, useState } from 'react';
import { useLocale } from './client';
import { loadCatalogue, loadedCatalogue } from './server-catalogue';
import { renderMessage, type MessageRef } from './server-messages';

type Ref = { key: string; params?: Record<string, unknown> } | null | undefined;

/**
 * Shows a message the server put inside an answer (`refusedMessage` beside its English
 * `refusedReason`) in the page's language: `text(dto.refusedMessage, dto.refusedReason)`.
 * Until the catalogue chunk arrives the English stands in.
 */
export function useServerText() {
  const locale = useLocale();
  const [catalogue, setCatalogue] = useState(() => loadedCatalogue(locale));
  useEffect(() => {
    if (catalogue || locale === 'en') return;
    let live = true;
    loadCatalogue(locale).then(
      (c) => live && setCatalogue(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [catalogue, locale]);
  return useCallback(
    (ref: Ref, english: string) => (ref && catalogue && renderMessage(ref as MessageRef, locale, catalogue)) || english,
    [catalogue, locale],
  );
}
