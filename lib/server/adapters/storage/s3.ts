import 'server-only';
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { isValidKey, type FileStorage } from './types';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const TIMEOUT_MS = 30_000;
// aws4fetch retries 5xx and 429 with backoff; two retries ride out a blip without holding a page
// request for long when the store is down.
const RETRIES = 2;

/**
 * An S3-compatible bucket over fetch, requests signed (SigV4) by aws4fetch
 * (docs/decisions/s3-client-library.md).
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly client: AwsClient;
  constructor(private readonly cfg: S3Config) {
    this.client = new AwsClient({
      accessKeyId: cfg.accessKeyId,
      secretAccessKey: cfg.secretAccessKey,
      region: cfg.region,
      service: 's3',
      retries: RETRIES,
    });
  }

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
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      // The body's hash goes into the signature (aws4fetch would send UNSIGNED-PAYLOAD), so bytes
      // changed on the way to a plain-http endpoint are refused by the store.
      headers: { 'content-type': contentType, 'x-amz-content-sha256': sha256Hex(bytes) },
      body: bytes as unknown as BodyInit,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`S3 PUT ${key} answered HTTP ${res.status}`);
  }

  async delete(key: string) {
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} answered HTTP ${res.status}`);
  }

  async get(key: string) {
    if (!isValidKey(key)) return null;
    const res = await this.client.fetch(this.urlOf(key), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.ok)
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    await res.body?.cancel();
    if (res.status === 404) return null;
    throw new Error(`S3 GET ${key} answered HTTP ${res.status}`);
  }
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
