import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { env } from '../env';
import { englishOf } from '../errors';
import { isPublicAddress, systemResolve, type Resolve } from './public-address';

/**
 * Why a source's file could not be had. `refused`: the URL itself is not allowed (not https in
 * production, a private address, too big) and will not work by waiting; `failed`: the server or the
 * network (an HTTP error, a timeout), which the next scheduled run tries again.
 */
export class SourceFetchError extends Error {
  constructor(
    readonly ref: MessageRef,
    readonly kind: 'refused' | 'failed',
  ) {
    super(englishOf(ref));
    this.name = 'SourceFetchError';
  }
}

export type FetchValidators = { etag: string | null; lastModified: string | null };
export type FetchedSource =
  | { status: 'unchanged' }
  | {
      status: 'fetched';
      body: string;
      bytes: number;
      etag: string | null;
      lastModified: string | null;
      /** Where the file came from after redirects (its name may name the country). */
      url: string;
    };

export type SourceNet = { resolve?: Resolve; maxBytes?: number; timeoutMs?: number };

const MAX_REDIRECTS = 5;

/** Whether a resolved address may be fetched: a public one, or this machine's loopback when a test says so. */
function allowedAddress(address: string): boolean {
  if (isPublicAddress(address)) return true;
  if (!env().SOURCE_FETCH_TEST_LOOPBACK || !ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'loopback';
}

/**
 * Checks a source URL before it is saved or fetched (docs/console.md "Sources that refresh
 * themselves"): http(s), https only in production (the test's loopback server excepted), and a host
 * whose every address is public. Answers the address to connect to, so a name that changes between
 * the check and the connection (DNS rebinding) cannot reach inside.
 */
export async function checkSourceUrl(
  raw: string,
  resolve: Resolve = systemResolve,
): Promise<{ url: URL; address: LookupAddress }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SourceFetchError(msg('sources.notUrl'), 'refused');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SourceFetchError(msg('sources.scheme'), 'refused');
  if (url.username || url.password) throw new SourceFetchError(msg('sources.credentials'), 'refused');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let all: LookupAddress[];
  if (ipaddr.isValid(host)) all = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      all = await resolve(host);
    } catch {
      throw new SourceFetchError(msg('sources.unresolved', { host }), 'failed');
    }
  }
  if (!all.length) throw new SourceFetchError(msg('sources.unresolved', { host }), 'failed');
  const bad = all.find((a) => !allowedAddress(a.address));
  if (bad) throw new SourceFetchError(msg('sources.private', { address: bad.address }), 'refused');
  const loopbackTest = env().SOURCE_FETCH_TEST_LOOPBACK && all.every((a) => !isPublicAddress(a.address));
  if (url.protocol === 'http:' && env().NODE_ENV === 'production' && !loopbackTest)
    throw new SourceFetchError(msg('sources.httpsOnly'), 'refused');
  return { url, address: all[0]! };
}

/**
 * Fetches a source's file with a conditional GET (If-None-Match / If-Modified-Since from the last
 * answer): 304 is "unchanged". The body is read up to `maxBytes` (a larger Content-Length is refused
 * before reading), the whole fetch, redirects included, within `timeoutMs`. Redirects are followed
 * (HDX's download links redirect to their file store) up to five times, each target checked as the
 * first URL was.
 */
export async function fetchSource(
  raw: string,
  validators: FetchValidators,
  net: SourceNet = {},
): Promise<FetchedSource> {
  const maxBytes = net.maxBytes ?? env().SOURCE_FETCH_MAX_BYTES;
  const timeoutMs = net.timeoutMs ?? env().SOURCE_FETCH_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { url, address } = await checkSourceUrl(target, net.resolve);
    const r = await getOnce(url, address, validators, { maxBytes, timeoutMs, deadline });
    if (r.kind === 'redirect') {
      target = new URL(r.location, url).toString();
      continue;
    }
    return r.result.status === 'fetched' ? { ...r.result, url: url.toString() } : r.result;
  }
  throw new SourceFetchError(msg('sources.redirects', { count: MAX_REDIRECTS }), 'failed');
}

type Once = { kind: 'redirect'; location: string } | { kind: 'done'; result: FetchedSource };

type Limits = { maxBytes: number; timeoutMs: number; deadline: number };

function getOnce(url: URL, address: LookupAddress, v: FetchValidators, limits: Limits): Promise<Once> {
  const { maxBytes } = limits;
  const msLeft = limits.deadline - Date.now();
  const timedOut = () =>
    new SourceFetchError(msg('sources.timedOut', { seconds: Math.round(limits.timeoutMs / 1000) }), 'failed');
  if (msLeft <= 0) return Promise.reject(timedOut());
  const headers: Record<string, string> = { accept: 'text/csv, text/plain, */*', 'accept-encoding': 'identity' };
  if (v.etag) headers['if-none-match'] = v.etag;
  if (v.lastModified) headers['if-modified-since'] = v.lastModified;
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<Once>((resolve, reject) => {
    const done = (o: Once) => {
      clearTimeout(timer);
      resolve(o);
    };
    const fail = (e: unknown) => {
      clearTimeout(timer);
      const why = (e as Error)?.message ?? String(e);
      reject(e instanceof SourceFetchError ? e : new SourceFetchError(msg('sources.network', { why }), 'failed'));
    };
    const req = mod.request(
      url,
      {
        method: 'GET',
        headers,
        // The connection goes to the address checked, not to a second lookup.
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [address]) : cb(null, address.address, address.family)) as never,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status === 304) {
          res.resume();
          return done({ kind: 'done', result: { status: 'unchanged' } });
        }
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return done({ kind: 'redirect', location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return fail(new SourceFetchError(msg('sources.httpStatus', { status }), 'failed'));
        }
        const tooBig = () =>
          new SourceFetchError(msg('sources.tooLarge', { size: +(maxBytes / 1024 / 1024).toFixed(2) }), 'refused');
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          fail(tooBig());
          return req.destroy();
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes <= maxBytes) return void chunks.push(c);
          fail(tooBig());
          req.destroy();
        });
        res.on('end', () =>
          done({
            kind: 'done',
            result: {
              status: 'fetched',
              body: Buffer.concat(chunks).toString('utf8'),
              bytes,
              etag: headerOf(res.headers.etag),
              lastModified: headerOf(res.headers['last-modified']),
              url: url.toString(),
            },
          }),
        );
        res.on('error', fail);
      },
    );
    // Declared after the callbacks that clear it: they run only once the request is under way.
    const timer = setTimeout(() => {
      fail(timedOut());
      req.destroy();
    }, msLeft);
    req.on('error', fail);
    req.end();
  });
}

const headerOf = (h: string | string[] | undefined) => (Array.isArray(h) ? (h[0] ?? null) : (h ?? null));
