// Query-string URLs of the content lists, mapped onto path routes so each list
// page is its own cache entry (a page that reads searchParams renders on every
// request). proxy.ts applies this after choosing the device variant:
//   /regard/journalism?category=market&page=2 → /regard/journalism/list/market/2
//   /regard/journalism?keyword=…             → /regard/journalism/search?keyword=… (rendered per request)
//   /documents?dir=12                          → /documents/dir/12
//   /documents?q=…                             → /documents/search?q=…
//   /documents/documentsInfo?id=7              → /documents/7
// The same holds under /mobileRegard and /mobileDocuments.

const SLUG = /^[a-z0-9-]{1,40}$/;
const INT = /^[1-9]\d{0,8}$/;

export type Routed = { path: string; search: string };

function qs(params: Record<string, string | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function routeContentQuery(path: string, params: URLSearchParams): Routed | null {
  const news = /^\/(regard|mobileRegard)\/journalism\/?$/.exec(path);
  if (news) {
    const base = `/${news[1]}/journalism`;
    const keyword = params.get('keyword')?.trim();
    const category = params.get('category') ?? '';
    const page = params.get('page') ?? '';
    if (keyword)
      return {
        path: `${base}/search`,
        search: qs({
          keyword,
          category: SLUG.test(category) ? category : undefined,
          page: INT.test(page) ? page : undefined,
        }),
      };
    const cat = SLUG.test(category) ? category : '';
    const n = INT.test(page) ? Number(page) : 1;
    if (!cat && n === 1) return params.size ? { path: base, search: '' } : null;
    return { path: `${base}/list/${cat || 'all'}/${n}`, search: '' };
  }
  const docs = /^\/(documents|mobileDocuments)\/?$/.exec(path);
  if (docs) {
    const base = `/${docs[1]}`;
    const q = params.get('q')?.trim();
    if (q)
      return {
        path: `${base}/search`,
        search: qs({ q, page: INT.test(params.get('page') ?? '') ? params.get('page')! : undefined }),
      };
    const dir = params.get('dir') ?? '';
    if (INT.test(dir)) return { path: `${base}/dir/${dir}`, search: '' };
    return params.size ? { path: base, search: '' } : null;
  }
  const info = /^\/(documents|mobileDocuments)\/documentsInfo\/?$/.exec(path);
  if (info) {
    const id = params.get('id') ?? params.get('Id') ?? '';
    return { path: INT.test(id) ? `/${info[1]}/${id}` : `/${info[1]}/documentsInfo`, search: '' };
  }
  return null;
}
