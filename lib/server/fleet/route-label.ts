import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findCall } from '@/lib/api/contract';
import { DEFAULT_LOCALE } from '@/lib/shared/locale';

// Answered by the server itself (server-hooks.ts), not by a route of the app.
const OPS = new Set(['/healthz', '/readyz', '/metrics']);

type ManifestRoute = { page: string; regex: string };
type Route = { page: string; re: RegExp; localised: boolean };

/**
 * Names a request's route for metrics and logs with a bounded set of labels: the contract call
 * of an API request (`/api/core/api/InfoNews/SaveNews`), the app route a page URL is served by
 * (`/[locale]/regard/journalism/[id]`, from the build's routes manifest; proxy.ts adds the locale
 * in front of every page URL), fixed names for build assets and the operations endpoints, else `other`.
 */
export class RouteLabels {
  private readonly routes: Route[];
  private readonly memo = new Map<string, string>();

  constructor(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }) {
    // Static routes first: /regard/journalism/list wins over /regard/journalism/[id].
    this.routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({
      page: r.page,
      re: new RegExp(r.regex),
      localised: r.page.startsWith('/[locale]'),
    }));
  }

  /** The routes of the build in `distDir` (none under `next dev`, which writes no manifest there). */
  static fromBuild(distDir: string) {
    try {
      return new RouteLabels(JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')));
    } catch {
      return new RouteLabels({});
    }
  }

  of(pathname: string): string {
    const hit = this.memo.get(pathname);
    if (hit !== undefined) return hit;
    const label = this.find(pathname);
    // Any URL can arrive: the memo is a bound on work, not on memory.
    if (this.memo.size >= 5000) this.memo.clear();
    this.memo.set(pathname, label);
    return label;
  }

  private find(pathname: string): string {
    if (OPS.has(pathname)) return pathname;
    if (pathname.startsWith('/_next/static/')) return '/_next/static';
    const api = /^\/api\/([^/]+)(\/.+)$/.exec(pathname);
    if (api) {
      const call = findCall(api[1]!, api[2]!);
      if (call) return pathname;
    }
    for (const r of this.routes) if (!r.localised && r.re.test(pathname)) return r.page;
    const localised = `/${DEFAULT_LOCALE}${pathname === '/' ? '' : pathname}`;
    for (const r of this.routes) if (r.localised && r.re.test(localised)) return r.page;
    return 'other';
  }
}
