import 'server-only';
import { createHash, createHmac } from 'node:crypto';

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service?: string };
export type SigV4Request = { method: string; url: URL; headers: Record<string, string>; payloadHash: string };

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export const hashPayload = sha256Hex;
export const EMPTY_PAYLOAD_HASH = sha256Hex('');

/** RFC 3986 encoding as SigV4 wants it (`encodeURIComponent` leaves !'()* alone). */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** 20130524T000000Z */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * AWS Signature Version 4 for one request (header form): returns the headers to
 * send, `authorization` included. S3 keeps the path as given (no double encoding).
 */
export function signV4(req: SigV4Request, creds: SigV4Credentials, now: Date): Record<string, string> {
  const service = creds.service ?? 's3';
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
    ),
    host: req.url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': req.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = req.url.pathname
    .split('/')
    .map((s) => uriEncode(decodeURIComponent(s)))
    .join('/');
  const canonical = [req.method, path, query, canonicalHeaders, signedHeaders, req.payloadHash].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const kDate = hmac('AWS4' + creds.secretAccessKey, day);
  const kSigning = hmac(hmac(hmac(kDate, creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
