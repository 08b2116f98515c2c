'use client';

import { useServerTextIn } from '@/lib/i18n/use-server-text';
import { useConsoleT } from './i18n';

/**
 * A message the server put inside an answer (a source's last error), in the console's language:
 * `text(ref, english)`, as lib/i18n/use-server-text.ts shows one on the site's pages.
 */
export function useConsoleServerText() {
  return useServerTextIn(useConsoleT().locale);
}
