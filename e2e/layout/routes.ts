// Every route of the portal the layout suite visits: one list, of desktop URLs. A phone visits the
// same routes; where the route table gives a section a mobile name (mobileLogin, mobileDocuments …)
// it opens that name, elsewhere (home, the account pages, the terms …) the desktop URL, which the
// proxy serves as the mobile page. `who` says for whom a route is worth a visit: 'all' routes look
// the same to the Gold member as to a visitor (only the header's user menu differs), so the member
// visits only the routes whose content changes with a login.
// The operator tools (/api-docs, /dev/sms) are English-only developer pages, not portal pages.
import { mobilePathFor } from '@/lib/routing/mobile-path';
import { COMPARE_PATH, EQUITY_IDS, PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';

export type Ids = {
  newsId: number;
  newsCategory: string;
  docId: number;
  dirId: number;
  feedbackId: string;
  tradeCode: string;
};
export type Route = { name: string; path: string; who: 'all' | 'both' };
export type Device = 'desktop' | 'phone';

/** The sections whose phone pages have names of their own in the route table. */
const MOBILE_NAMED = ['/login', '/functionality', '/documents', '/feedback', '/regard', '/product', '/solution'];

/** The URL a phone opens for a desktop URL. */
export function phonePath(path: string): string {
  const [pathname = path, search] = path.split('?');
  const named = MOBILE_NAMED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const mobile = named ? mobilePathFor(pathname) : null;
  return mobile ? `${mobile}${search ? `?${search}` : ''}` : path;
}

export function routes(ids: Ids, device: Device): Route[] {
  const { functionality: market, documents, feedback, journalism: news } = SECTION_PATHS;
  const sections = (ids: readonly (keyof typeof SECTION_PATHS)[], who: Route['who']) =>
    ids.map((id) => ({ name: id, path: SECTION_PATHS[id], who }));
  const list: Route[] = [
    { name: 'home', path: '/', who: 'all' },
    { name: 'login', path: '/login', who: 'all' },
    { name: 'functionality', path: market, who: 'both' },
    { name: 'functionality-region-1y', path: `${market}?region=shandong&range=1y`, who: 'both' },
    { name: 'functionality-5y-compare', path: `${market}?product=tomato&range=5y&compare=henan`, who: 'both' },
    // Compare with its widest controls: two countries (so in USD), a custom period and its two dates.
    { name: 'compare', path: `${COMPARE_PATH}?l=CHN&l=BGD&from=2024-07-01&to=2025-06-30`, who: 'both' },
    { name: 'documents', path: documents, who: 'all' },
    { name: 'documents-dir', path: `${documents}?dir=${ids.dirId}`, who: 'all' },
    { name: 'documents-detail', path: `${documents}/${ids.docId}`, who: 'all' },
    { name: 'documents-search', path: `${documents}?q=index`, who: 'all' },
    { name: 'feedback', path: feedback, who: 'both' },
    { name: 'feedback-detail', path: `${feedback}/${ids.feedbackId}`, who: 'both' },
    { name: 'correspondence-error', path: '/correspondence/not-a-valid-token', who: 'all' },
    { name: 'about', path: SECTION_PATHS.aboutUs, who: 'all' },
    { name: 'news', path: news, who: 'all' },
    { name: 'news-detail', path: `${news}/${ids.newsId}`, who: 'all' },
    { name: 'news-category', path: `${news}?category=${ids.newsCategory}`, who: 'all' },
    { name: 'news-page-2', path: `${news}?page=2`, who: 'all' },
    { name: 'news-search', path: `${news}?keyword=price`, who: 'all' },
    ...sections(PRODUCT_IDS, 'all'),
    ...sections(SOLUTION_IDS, 'all'),
    ...sections(EQUITY_IDS, 'both'),
    { name: 'notifications', path: SECTION_PATHS.notifications, who: 'both' },
    { name: 'terms', path: '/terms', who: 'all' },
    { name: 'privacy', path: '/privacy', who: 'all' },
    { name: 'not-found', path: '/no-such-page', who: 'all' },
    { name: 'pay-sandbox', path: `/pay/sandbox/${ids.tradeCode}`, who: 'all' },
  ];
  return device === 'desktop' ? list : list.map((r) => ({ ...r, path: phonePath(r.path) }));
}
