// The server messages in the page's language, for the browser: the Chinese catalogue is a lazy
// chunk, fetched the first time a Chinese page has a server message to show.
import type { Locale } from '@/lib/shared/locale';
import type { MessageRef, ServerCatalogue } from './server-messages';
import { renderMessage } from './server-messages';

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<ServerCatalogue>> = {
  'zh-CN': () => import('./messages/server.zh-cn').then((m) => m.serverZhCN),
};
const loaded = new Map<Locale, ServerCatalogue>();
const loading = new Map<Locale, Promise<ServerCatalogue>>();

/** The catalogue of `locale` when it has been loaded; English pages never need one (`msg` is English). */
export function loadedCatalogue(locale: Locale): ServerCatalogue | undefined {
  return loaded.get(locale);
}

export function loadCatalogue(locale: Locale): Promise<ServerCatalogue | undefined> {
  if (locale === 'en') return Promise.resolve(undefined);
  let p = loading.get(locale);
  if (!p) {
    p = loaders[locale]().then((c) => {
      loaded.set(locale, c);
      return c;
    });
    // A failed chunk load may succeed later (back online).
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

/** The message in `locale` if its catalogue is loaded and knows the key, else `english`. */
export function textIn(locale: Locale, ref: MessageRef | null | undefined, english: string): string {
  const catalogue = ref && locale !== 'en' ? loaded.get(locale) : undefined;
  return (catalogue && ref && renderMessage(ref, locale, catalogue)) || english;
}
