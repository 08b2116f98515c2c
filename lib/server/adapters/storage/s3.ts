import 'server-only';
import { hashPayload, signV4, EMPTY_PAYLOAD_HASH, type SigV4Credentials } from './sigv4';
import { isValidKey, type FileStorage } from './types';

export type S3Config = SigV4Credentials & { endpoint: string; bucket: string; forcePathStyle: boolean };

const TIMEOUT_MS = 30_000;

/** An S3-compatible bucket over plain fetch and SigV4 (no SDK dependency). */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  constructor(private readonly cfg: S3Config) {}

  urlOf(key: string): URL {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    const base = new URL(this.cfg.endpoint);
    const prefix = base.pathname.replace(/\/$/, '');
    if (this.cfg.forcePathStyle) {
      base.pathname = `${prefix}/${this.cfg.bucket}/${key}`;
    } else {
      base.hostname = `${this.cfg.bucket}.${base.hostname}`;
      base.pathname = `${prefix}/${key}`;
    }
    return base;
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const url = this.urlOf(key);
    const headers = signV4(
      { method: 'PUT', url, headers: { 'content-type': contentType }, payloadHash: hashPayload(bytes) },
      this.cfg,
      new Date(),
    );
    const res = await fetch(url, {
      method: 'PUT',
      headers,
      body: bytes as unknown as BodyInit,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`S3 PUT ${key} answered HTTP ${res.status}`);
  }

  async get(key: string) {
    if (!isValidKey(key)) return null;
    const url = this.urlOf(key);
    const headers = signV4({ method: 'GET', url, headers: {}, payloadHash: EMPTY_PAYLOAD_HASH }, this.cfg, new Date());
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} answered HTTP ${res.status}`);
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}
