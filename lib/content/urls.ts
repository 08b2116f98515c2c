// URLs of content pages (desktop paths; the proxy serves phones the mobile page
// under the same URL, and mobilePathFor gives the explicit mobile one).
import { mobilePathFor } from '@/lib/routing/mobile-path';

export const NEWS_LIST_PATH = '/regard/journalism';
export const DOCS_PATH = '/documents';

export const newsUrl = (id: number) => `${NEWS_LIST_PATH}/${id}`;

/** The crawlable list URL: `?category=` and `?page=` only when not the defaults. */
export function newsListUrl({
  category,
  page = 1,
  keyword,
}: {
  category?: string | null;
  page?: number;
  keyword?: string | null;
} = {}): string {
  const qs = new URLSearchParams();
  if (category) qs.set('category', category);
  if (keyword) qs.set('keyword', keyword);
  if (page > 1) qs.set('page', String(page));
  const q = qs.toString();
  return q ? `${NEWS_LIST_PATH}?${q}` : NEWS_LIST_PATH;
}

/** `/documents/{info}/*`: the id, then a readable slug (docs/content.md). */
export const docUrl = (id: number, slug?: string) => `${DOCS_PATH}/${id}${slug ? `/${slug}` : ''}`;
export const dirUrl = (id: number | null) => (id ? `${DOCS_PATH}?dir=${id}` : DOCS_PATH);
export const docsSearchUrl = (q: string) => `${DOCS_PATH}?q=${encodeURIComponent(q)}`;

/** The same URL on the mobile pages (explicit /mobile… path). */
export const toMobile = (url: string) => {
  const [path = '', query] = url.split('?', 2);
  const m = mobilePathFor(path) ?? path;
  return query ? `${m}?${query}` : m;
};
