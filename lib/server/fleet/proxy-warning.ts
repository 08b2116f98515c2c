import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../http/trust-proxy';

/** Headers a proxy adds on its way to us. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-proto'] as const;

const CONSEQUENCE =
  "every client then has the proxy's address, so each per-address limit (logins, SMS codes) " +
  'counts all of them as one client; set TRUST_PROXY to what stands in front (docs/accounts.md, "Login limits")';

/**
 * Warns, once per process, that requests come through a proxy while TRUST_PROXY is unset: at
 * start-up when SITE_URL is https (this server speaks plain HTTP, so something in front ends
 * TLS), and at the first request that carries a proxy's headers. Answers the per-request check.
 */
export function proxyWarning(trust: TrustProxy, siteUrl: string, log: (fields: Record<string, unknown>) => void) {
  let warned = false;
  const warn = (why: string, extra: Record<string, unknown> = {}) => {
    warned = true;
    log({ level: 'warn', msg: `${why} but TRUST_PROXY is unset: ${CONSEQUENCE}`, ...extra });
  };
  if (trust.kind === 'none' && siteUrl.startsWith('https:'))
    warn(`SITE_URL is ${siteUrl} while this server speaks plain HTTP, so a proxy stands in front,`);
  return (req: IncomingMessage) => {
    if (warned || trust.kind !== 'none') return;
    const via = PROXY_HEADERS.find((h) => req.headers[h] !== undefined);
    if (via) warn(`requests arrive through a proxy (they carry ${via})`, { peer: req.socket.remoteAddress });
  };
}
