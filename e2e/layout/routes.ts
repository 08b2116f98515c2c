// Every route of the portal the layout suite visits. `who` says for whom a route is worth a visit:
// 'all' routes look the same to the Gold member as to a visitor (only the header's user menu
// differs), so the member visits only the routes whose content changes with a login.

export type Ids = {
  newsId: number;
  newsCategory: string;
  docId: number;
  dirId: number;
  feedbackId: string;
  tradeCode: string;
};
export type Route = { name: string; path: string; who: 'all' | 'both' };

/** Desktop pages (a desktop user agent). */
export function desktopRoutes(ids: Ids): Route[] {
  return [
    { name: 'home', path: '/', who: 'all' },
    { name: 'login', path: '/login', who: 'all' },
    { name: 'functionality', path: '/functionality', who: 'both' },
    { name: 'functionality-region-1y', path: '/functionality?region=shandong&range=1y', who: 'both' },
    { name: 'functionality-5y-compare', path: '/functionality?product=tomato&range=5y&compare=henan', who: 'both' },
    { name: 'documents', path: '/documents', who: 'all' },
    { name: 'documents-dir', path: `/documents?dir=${ids.dirId}`, who: 'all' },
    { name: 'documents-detail', path: `/documents/${ids.docId}`, who: 'all' },
    { name: 'documents-search', path: '/documents?q=index', who: 'all' },
    { name: 'feedback', path: '/feedback', who: 'both' },
    { name: 'feedback-detail', path: `/feedback/${ids.feedbackId}`, who: 'both' },
    { name: 'correspondence-error', path: '/correspondence/not-a-valid-token', who: 'all' },
    { name: 'about', path: '/regard/aboutUs', who: 'all' },
    { name: 'news', path: '/regard/journalism', who: 'all' },
    { name: 'news-detail', path: `/regard/journalism/${ids.newsId}`, who: 'all' },
    { name: 'news-category', path: `/regard/journalism?category=${ids.newsCategory}`, who: 'all' },
    { name: 'news-page-2', path: '/regard/journalism?page=2', who: 'all' },
    { name: 'news-search', path: '/regard/journalism?keyword=price', who: 'all' },
    ...['farming', 'electronicLedger', 'distributionSystem', 'enforceSystem'].map(
      (p) => ({ name: `product-${p}`, path: `/product/${p}`, who: 'all' }) as const,
    ),
    ...['garbage', 'numberSupervise', 'shopExplore', 'securitySolution'].map(
      (p) => ({ name: `solution-${p}`, path: `/solution/${p}`, who: 'all' }) as const,
    ),
    ...['member', 'memberCentre', 'myData', 'purchaseRecord', 'purchaseDataContent'].map(
      (p) => ({ name: `equities-${p}`, path: `/equitiesCentre/${p}`, who: 'both' }) as const,
    ),
    { name: 'terms', path: '/terms', who: 'all' },
    { name: 'privacy', path: '/privacy', who: 'all' },
    { name: 'not-found', path: '/no-such-page', who: 'all' },
    { name: 'pay-sandbox', path: `/pay/sandbox/${ids.tradeCode}`, who: 'all' },
  ];
}

/** Phone pages (a phone user agent): the mobile routes, and desktop URLs that have no mobile name. */
export function phoneRoutes(ids: Ids): Route[] {
  return [
    { name: 'home', path: '/', who: 'all' },
    { name: 'login', path: '/mobileLogin', who: 'all' },
    { name: 'functionality', path: '/mobileFunctionality', who: 'both' },
    { name: 'functionality-region-1y', path: '/mobileFunctionality?region=shandong&range=1y', who: 'both' },
    {
      name: 'functionality-5y-compare',
      path: '/mobileFunctionality?product=tomato&range=5y&compare=henan',
      who: 'both',
    },
    { name: 'documents', path: '/mobileDocuments', who: 'all' },
    { name: 'documents-dir', path: `/mobileDocuments?dir=${ids.dirId}`, who: 'all' },
    { name: 'documents-detail', path: `/mobileDocuments/${ids.docId}`, who: 'all' },
    { name: 'documents-search', path: '/mobileDocuments?q=index', who: 'all' },
    { name: 'feedback', path: '/mobileFeedback', who: 'both' },
    { name: 'feedback-detail', path: `/mobileFeedback/${ids.feedbackId}`, who: 'both' },
    { name: 'correspondence-error', path: '/correspondence/not-a-valid-token', who: 'all' },
    { name: 'about', path: '/mobileRegard/aboutUs', who: 'all' },
    { name: 'news', path: '/mobileRegard/journalism', who: 'all' },
    { name: 'news-detail', path: `/mobileRegard/journalism/${ids.newsId}`, who: 'all' },
    { name: 'news-category', path: `/mobileRegard/journalism?category=${ids.newsCategory}`, who: 'all' },
    { name: 'news-page-2', path: '/mobileRegard/journalism?page=2', who: 'all' },
    { name: 'news-search', path: '/mobileRegard/journalism?keyword=price', who: 'all' },
    ...['farming', 'electronicLedger', 'distributionSystem', 'enforceSystem'].map(
      (p) => ({ name: `product-${p}`, path: `/mobileProduct/${p}`, who: 'all' }) as const,
    ),
    ...['garbage', 'numberSupervise', 'shopExplore', 'securitySolution'].map(
      (p) => ({ name: `solution-${p}`, path: `/mobileSolution/${p}`, who: 'all' }) as const,
    ),
    ...['member', 'memberCentre', 'myData', 'purchaseRecord', 'purchaseDataContent'].map(
      (p) => ({ name: `equities-${p}`, path: `/equitiesCentre/${p}`, who: 'both' }) as const,
    ),
    { name: 'terms', path: '/terms', who: 'all' },
    { name: 'privacy', path: '/privacy', who: 'all' },
    { name: 'not-found', path: '/no-such-page', who: 'all' },
    { name: 'pay-sandbox', path: `/pay/sandbox/${ids.tradeCode}`, who: 'all' },
  ];
}
