import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { env } from '../../env';
import { isPublicAddress, PrivateAddressError, systemResolve, type Resolve } from '../../net/public-address';

/** How a webhook reaches its receiver; tests may allow their own loopback receiver. */
export type WebhookNet = {
  resolve?: Resolve;
  /** Which resolved addresses may be called: public ones only, unless a test says otherwise. */
  allowed?: (address: string) => boolean;
  timeoutMs?: number;
};

export type WebhookResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; permanent: boolean };

/**
 * POSTs one signed alert to a user's URL (docs/alerts.md, "Webhooks"): https only in production;
 * the host is resolved once and every address checked, and the connection goes to the address
 * checked (a `lookup` that answers it), so a name that changes between check and connect (DNS
 * rebinding) cannot reach inside. Redirects are not followed. 2xx is delivered.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  net: WebhookNet = {},
): Promise<WebhookResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, status: null, error: 'not a URL', permanent: true };
  }
  if (u.protocol !== 'https:' && (env().NODE_ENV === 'production' || u.protocol !== 'http:'))
    return { ok: false, status: null, error: 'https only', permanent: true };
  const allowed = net.allowed ?? isPublicAddress;
  let address: LookupAddress;
  try {
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const all = /^[\d.]+$|:/.test(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await (net.resolve ?? systemResolve)(host);
    const bad = all.find((a) => !allowed(a.address));
    if (!all.length) throw new Error('no address');
    if (bad) throw new PrivateAddressError(u.hostname, bad.address);
    address = all[0]!;
  } catch (e) {
    const permanent = e instanceof PrivateAddressError;
    return { ok: false, status: null, error: (e as Error).message, permanent };
  }
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((done) => {
    const req = mod.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        timeout: net.timeoutMs ?? 10_000,
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [address]) : cb(null, address.address, address.family)) as never,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          done(
            status >= 200 && status < 300
              ? { ok: true, status }
              : { ok: false, status, error: `HTTP ${status}`, permanent: false },
          );
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => done({ ok: false, status: null, error: e.message, permanent: false }));
    req.end(body);
  });
}
