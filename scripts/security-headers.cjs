// The security headers of every answer: next.config.mjs gives them to Next's answers, and
// scripts/server.mjs to the few it gives without Next. Pages get their nonce-based CSP from proxy.ts.
// Plain CommonJS, as next.config.mjs and scripts/server.mjs load it outside the app's bundle.
'use strict';

const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  // The CSP's frame-ancestors 'none' says the same to current browsers.
  { key: 'X-Frame-Options', value: 'DENY' },
];
// HTTPS (as the TLS-terminating proxy says in X-Forwarded-Proto): browsers ignore it over plain HTTP anyway.
const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };
// Answers that are no pages (JSON, XML, text) may load nothing and be framed by no one.
const NO_PAGE_CSP = [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }];

/** The headers next.config.mjs gives an answer that is no page, for one given without Next. */
function noPageHeaders(req) {
  const headers = {};
  for (const { key, value } of [...SECURITY_HEADERS, ...NO_PAGE_CSP]) headers[key] = value;
  if (req.headers['x-forwarded-proto'] === 'https') headers[HSTS.key] = HSTS.value;
  return headers;
}

module.exports = { SECURITY_HEADERS, HSTS, NO_PAGE_CSP, noPageHeaders };
