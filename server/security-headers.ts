// The security headers of every answer: next.config.ts gives them to Next's answers, and
// http-server.ts to the few it gives without Next. Pages get their nonce-based CSP from proxy.ts.
// No imports: next.config.ts loads this file before the app exists.

export type Header = { key: string; value: string };

export const SECURITY_HEADERS: Header[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];
// Every answer but the embeddable charts (/embed/…, framed by any site) and the console's
// previews of articles and documents (framed by this site only, lib/routing/preview-path.ts): the CSP's
// frame-ancestors says the same to current browsers.
export const FRAME_DENY: Header = { key: 'X-Frame-Options', value: 'DENY' };
export const FRAME_SAME_ORIGIN: Header = { key: 'X-Frame-Options', value: 'SAMEORIGIN' };
const PREVIEW = '(?:(?:en|zh-CN)/)?(?:preview|mobilePreview)/(?:news|docs)/';
/** next.config.ts's source pattern of every path but /embed/… and the previews */
export const NOT_EMBED = `/:path((?!embed/)(?!${PREVIEW}).*)`;
/** next.config.ts's source pattern of the console's previews */
export const PREVIEWS = `/:path(${PREVIEW}.*)`;
// HTTPS (as the TLS-terminating proxy says in X-Forwarded-Proto): browsers ignore it over plain HTTP anyway.
export const HSTS: Header = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };
// Answers that are no pages (JSON, XML, text) may load nothing and be framed by no one.
export const NO_PAGE_CSP: Header[] = [
  { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
];

/** The headers next.config.ts gives an answer that is no page, for one given without Next. */
export function noPageHeaders(req: { headers: Record<string, string | string[] | undefined> }) {
  const headers: Record<string, string> = {};
  for (const { key, value } of [...SECURITY_HEADERS, FRAME_DENY, ...NO_PAGE_CSP]) headers[key] = value;
  if (req.headers['x-forwarded-proto'] === 'https') headers[HSTS.key] = HSTS.value;
  return headers;
}
