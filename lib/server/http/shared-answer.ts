import 'server-only';
import { gzipSync } from 'node:zlib';

// Below this size compressing saves nothing worth a header.
const GZIP_FROM_BYTES = 1024;
// zlib's default level 6 took 9.4 ms for a five-year daily trend of three regions (190 KB of
// JSON), most of an uncached answer's time; level 4 takes 2.9 ms for a body 6 % larger.
const GZIP_LEVEL = 4;

/**
 * An answer handed unchanged to many requests (the market caches keep one per series while the
 * data is unchanged). It is serialised once, when made, and compressed once, when a client first
 * takes gzip; only those bytes are kept, not the object tree they were made from: a five-year
 * daily trend is some 16,000 small objects, and 300 of them kept alive made every major garbage
 * collection trace millions of objects (docs/decisions/shared-answers-as-bytes.md).
 */
export class SharedAnswer<T> {
  readonly #text: string;
  #gzip: Uint8Array<ArrayBuffer> | undefined;
  declare readonly answerOf?: T;

  constructor(value: T) {
    this.#text = JSON.stringify({ code: 1, data: value });
  }

  /** The answer as an object again (outside production the dispatcher checks it against the contract). */
  value(): T {
    return (JSON.parse(this.#text) as { data: T }).data;
  }

  /**
   * The success envelope: gzipped when the client takes it and the server in front can pass the
   * encoding on (PASS_ENCODING_HEADER), else the JSON text.
   */
  envelope(
    acceptEncoding: string | null,
    canPassEncoding: boolean,
  ): { body: string | Uint8Array<ArrayBuffer>; gzip: boolean } {
    const text = this.#text;
    if (!canPassEncoding || text.length < GZIP_FROM_BYTES || !acceptsGzip(acceptEncoding))
      return { body: text, gzip: false };
    this.#gzip ??= new Uint8Array(gzipSync(text, { level: GZIP_LEVEL }));
    return { body: this.#gzip, gzip: true };
  }
}

/** An answer to keep and hand out unchanged (it must not be changed after this). */
export const shareAnswer = <T>(value: T) => new SharedAnswer(value);

/**
 * Set on every request by server/http-server.ts, which restores the Content-Encoding that Next drops
 * from route handlers' answers (respond.ts). Without it (`next dev`) an answer goes uncompressed.
 */
export const PASS_ENCODING_HEADER = 'x-pass-content-encoding';

/** Whether an Accept-Encoding header allows gzip (`gzip`, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((s) => s.trim()).find((s) => s.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
