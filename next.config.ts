// Next loads this file before the app, so it reads process.env itself, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import path from 'node:path';
import type { NextConfig } from 'next';
// Security headers of every answer (shared with server/http-server.ts); pages get their nonce-based CSP from proxy.ts.
import {
  FRAME_DENY,
  FRAME_SAME_ORIGIN,
  HSTS,
  NO_PAGE_CSP,
  NOT_EMBED,
  PREVIEWS,
  SECURITY_HEADERS,
} from './server/security-headers';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A second build (benchmarks, parallel checks) can go to its own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Next's page cache with its tag expiries shared by every instance through the database
  // (server/page-cache/, docs/decisions/page-cache-and-server.md).
  cacheHandler: path.join(__dirname, 'server', 'page-cache', 'cache-handler.mjs'),
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: NOT_EMBED, headers: [FRAME_DENY] },
      { source: PREVIEWS, headers: [FRAME_SAME_ORIGIN] },
      { source: '/:path*', has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS] },
      // The phone's offline worker (public/sw.js): asked again on every visit, so a fix reaches phones at once.
      { source: '/sw.js', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      ...['/api/:path*', '/feed.xml', '/robots.txt', '/sitemap.xml', '/seo/:path*'].map((source) => ({
        source,
        headers: NO_PAGE_CSP,
      })),
    ];
  },
  // The optimiser resizes only the site's own pictures (public/content, stored files, as a news
  // cover must be): any other url, such as /\host/x.png, which Next fetched and failed on with 500,
  // is refused with 400 (issue 27, item 6), and no query string makes a second copy of one.
  images: {
    localPatterns: [
      { pathname: '/content/**', search: '' },
      { pathname: '/files/**', search: '' },
    ],
  },
  // antd-mobile ships ESM that imports its own CSS; Next must compile it.
  transpilePackages: ['antd-mobile'],
  // PGlite carries its WASM and data files; keep it (and pg) out of the server bundle. prom-client
  // keeps one registry per process, which must be the same for every bundle that counts.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'prom-client'],
  experimental: {
    optimizePackageImports: ['antd', 'antd-mobile', '@ant-design/icons'],
    // No inlineCss: it also copies every page's CSS into the inline RSC payload,
    // so the browser parses it twice (home: 18.8 KB more script in the HTML).
    // Linked CSS measured better on Lighthouse's mobile preset (3 runs each,
    // quiet host): home 91/93/95 against 89/85/86, news 88/86/93 against
    // 90/83/92, document 95/92/98 against 96/85/93.
  },
};

export default nextConfig;
