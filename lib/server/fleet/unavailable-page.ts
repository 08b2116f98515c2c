import 'server-only';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { siteName } from '../site';
import { LOCALE_COOKIE, type Locale } from '@/lib/shared/locale';
import { RETRY_AFTER_S } from '../db/availability';

/**
 * The page a visitor gets while the database is away (docs/reliability.md): HTTP 503 with
 * Retry-After, in the visitor's language, with no script and nothing to load, asking again by
 * itself after Retry-After seconds. Pages held in the response cache are still served as they are.
 */

const TEXT: Record<Locale, { title: string; heading: string; body: string; retry: string }> = {
  en: {
    title: 'Back in a moment',
    heading: 'Back in a moment',
    body: 'Our database is restarting. No data is lost, and this page tries again by itself in a few seconds.',
    retry: 'Try again now',
  },
  'zh-CN': {
    title: '稍候即回',
    heading: '稍候即回',
    body: '数据库正在重启，数据不会丢失。本页面将在几秒后自动重试。',
    retry: '立即重试',
  },
};

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2a24;background:#f5f7f6}' +
  'main{max-width:32rem;margin:18vh auto 0;padding:0 1.5rem}h1{font-size:1.6rem;margin:0 0 .5rem;color:#0f7b5f}' +
  'p{line-height:1.6;margin:0 0 1.5rem}a{display:inline-block;padding:.6rem 1.2rem;border-radius:6px;background:#0f7b5f;color:#fff;text-decoration:none}' +
  'a:focus-visible{outline:3px solid #f0b429;outline-offset:2px}.brand{font-weight:600;color:#55605a;margin-bottom:2rem}';
// The one inline style is allowed by its hash; nothing else may load.
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function unavailableHtml(locale: Locale, path: string): string {
  const t = TEXT[locale];
  const brand = escape(siteName(locale));
  const again = escape(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta http-equiv="refresh" content="${RETRY_AFTER_S}">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escape(t.title)} | ${brand}</title><style>${STYLE}</style></head>` +
    `<body><main role="main"><div class="brand">${brand}</div><h1>${escape(t.heading)}</h1>` +
    `<p>${escape(t.body)}</p><a href="${again}">${escape(t.retry)}</a></main></body></html>`
  );
}

function cookie(req: IncomingMessage, name: string): string | null {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.cookie ?? '');
  return m ? decodeURIComponent(m[1]!) : null;
}

/** Whether a request asks for a page (not a call, a build asset, a stored file or a machine's URL). */
export function isPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0]!;
  if (/^\/(?:api|_next|files)(?:\/|$)/.test(path)) return false;
  // Crawler files and feeds are no pages; their own errors say enough.
  return !/\.[a-z0-9]+$/i.test(path);
}

export function sendUnavailablePage(req: IncomingMessage, res: ServerResponse, extra: Record<string, string>) {
  const locale = negotiateLocale(cookie(req, LOCALE_COOKIE), req.headers['accept-language'] ?? null);
  const body = unavailableHtml(locale, req.url ?? '/');
  res.writeHead(503, {
    ...extra,
    'content-type': 'text/html; charset=utf-8',
    'content-language': locale,
    'content-security-policy': CSP,
    'cache-control': 'no-store',
    'retry-after': String(RETRY_AFTER_S),
    vary: 'Accept-Language, Cookie',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Watches a response Next is about to write (installed last, so it wraps the server's other
 * wrappers): if its status is 5xx when its head or first bytes go out and `away()` says the
 * database is gone, `send()` writes the friendly page instead, through the same wrappers, and
 * whatever Next writes after is dropped. Any other answer passes through untouched: the wrappers
 * stay in place and call the originals, because Next wraps write and end again after us (its gzip
 * and brotli compression); putting our originals back would unhook those and leave the answer open.
 */
export function replaceFailedPage(res: ServerResponse, away: () => boolean, send: () => void) {
  const { writeHead, write, end } = res;
  // null: not decided yet; true: replaced by the friendly page; false: passed through.
  let replaced: boolean | null = null;
  const decide = (status: number) => (replaced ??= status >= 500 && away());
  // What Next writes after the page (through a wrapper that captured ours) is dropped.
  const dropEnd = function (this: ServerResponse, ...args: unknown[]) {
    (args.find((a) => typeof a === 'function') as (() => void) | undefined)?.();
    return this;
  } as ServerResponse['end'];
  const replace = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    const id = res.getHeader('x-request-id');
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    if (id !== undefined) res.setHeader('x-request-id', id);
    send();
    res.write = () => true;
    res.end = dropEnd;
  };
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    // Held: the page goes out at the first write or the end.
    if (replaced === null && !res.headersSent && decide(Number(args[0]))) {
      res.statusCode = Number(args[0]);
      return this;
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (replaced === true && res.headersSent) return true;
    if (replaced !== false && !res.headersSent && decide(res.statusCode)) {
      replace();
      return true;
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (replaced === true && res.headersSent) return (dropEnd as (...a: unknown[]) => ServerResponse).apply(this, args);
    if (replaced !== false && !res.headersSent && decide(res.statusCode)) {
      replace();
      return res.end(...(args.filter((a) => typeof a === 'function') as []));
    }
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}
