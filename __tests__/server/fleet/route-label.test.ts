// Route labels for metrics and logs (lib/server/fleet/route-label.ts): a bounded set, however
// many URLs arrive. The manifest below is shaped as Next writes .next/routes-manifest.json.
import { RouteLabels } from '@/lib/server/fleet/route-label';

const manifest = {
  staticRoutes: [
    { page: '/feed.xml', regex: '^/feed\\.xml(?:/)?$' },
    { page: '/sitemap.xml', regex: '^/sitemap\\.xml(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/api/[service]/[...path]', regex: '^/api/([^/]+?)/(.+?)(?:/)?$' },
    { page: '/pay/sandbox/[tradeCode]', regex: '^/pay/sandbox/([^/]+?)(?:/)?$' },
    { page: '/[locale]', regex: '^/([^/]+?)(?:/)?$' },
    { page: '/[locale]/regard/journalism', regex: '^/([^/]+?)/regard/journalism(?:/)?$' },
    { page: '/[locale]/regard/journalism/search', regex: '^/([^/]+?)/regard/journalism/search(?:/)?$' },
    { page: '/[locale]/regard/journalism/[id]', regex: '^/([^/]+?)/regard/journalism/([^/]+?)(?:/)?$' },
    { page: '/[locale]/[...rest]', regex: '^/([^/]+?)/(.+?)(?:/)?$' },
  ],
};

describe('route labels', () => {
  const labels = new RouteLabels(manifest);

  it('name a page URL by the route that serves it (proxy.ts puts the locale in front)', () => {
    expect(labels.of('/')).toBe('/[locale]');
    expect(labels.of('/regard/journalism')).toBe('/[locale]/regard/journalism');
    expect(labels.of('/regard/journalism/search')).toBe('/[locale]/regard/journalism/search');
    expect(labels.of('/regard/journalism/17')).toBe('/[locale]/regard/journalism/[id]');
    expect(labels.of('/regard/journalism/18')).toBe('/[locale]/regard/journalism/[id]');
    expect(labels.of('/no/such/page')).toBe('/[locale]/[...rest]');
  });

  it('name routes outside the pages by their own route, not as a localised page', () => {
    expect(labels.of('/feed.xml')).toBe('/feed.xml');
    expect(labels.of('/pay/sandbox/abc123')).toBe('/pay/sandbox/[tradeCode]');
    expect(labels.of('/_next/static/chunks/app-1234.js')).toBe('/_next/static');
    expect(labels.of('/readyz')).toBe('/readyz');
    expect(labels.of('/metrics')).toBe('/metrics');
  });

  it('name an API call by its contract path, and any other API URL by the route only', () => {
    expect(labels.of('/api/core/api/InfoNews/SaveNews')).toBe('/api/core/api/InfoNews/SaveNews');
    expect(labels.of('/api/core/api/InfoNews/NoSuchCall')).toBe('/api/[service]/[...path]');
    expect(labels.of('/api/core/api/InfoNews/SAVENEWS')).toBe('/api/[service]/[...path]');
  });

  it('has a label for anything when no manifest was found (next dev)', () => {
    expect(new RouteLabels({}).of('/regard/journalism')).toBe('other');
    expect(RouteLabels.fromBuild('/nonexistent-dir').of('/')).toBe('other');
  });
});
