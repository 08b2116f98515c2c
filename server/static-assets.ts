// Build assets (`/_next/static/…`) answered from memory (docs/decisions/page-cache-and-server.md).
// Their names carry a content hash and never change for a build, yet Next's handler routes each
// request through its whole pipeline and gzips the file again every time (a start-up chunk of
// 200 KB costs milliseconds of CPU per request). A page load asks for a burst of them — its
// stylesheets first, then a dozen scripts — so on a busy host the render-blocking stylesheets
// waited behind that work. Here each file is read once, with the Brotli and gzip copies the build
// wrote beside it (scripts/precompress.mjs; gzipped on first use when there is none), and sent as
// stored bytes. Anything not found falls through to Next.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=UTF-8',
  '.wasm': 'application/wasm',
};
// Text worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.map', '.svg', '.txt', '.wasm']);

type Encoding = 'br' | 'gzip';
type Entry = { type: string; etag: string; identity: Buffer; gzip: Buffer | null; br: Buffer | null };

/** The file under `staticDir` a request path names, or null (other paths, traversal, odd characters). */
export function fileOf(staticDir: string, urlPath: string): string | null {
  if (!urlPath.startsWith(PREFIX)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (!rel || rel.includes('\0') || rel.split('/').some((p) => p === '' || p === '.' || p === '..')) return null;
  const file = path.join(staticDir, rel);
  return file.startsWith(staticDir + path.sep) ? file : null;
}

/** Which of the stored encodings to send for an Accept-Encoding header, else 'identity'. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  stored: readonly Encoding[] = ['br', 'gzip'],
): Encoding | 'identity' {
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding || '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    offered.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (n: string) => (offered.get(n) ?? offered.get('*') ?? 0) > 0;
  return stored.find(ok) ?? 'identity';
}

/** A precompressed sibling written after `source` last changed, or null. */
function readIfFresh(file: string, sourceStat: fs.Stats): Buffer | null {
  try {
    const st = fs.statSync(file);
    return st.mtimeMs >= sourceStat.mtimeMs ? fs.readFileSync(file) : null;
  } catch {
    return null;
  }
}

const sizeOf = (e: Entry) => e.identity.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0);

export class StaticAssets {
  readonly staticDir: string;
  private readonly maxBytes: number;
  private readonly map = new Map<string, Entry>();
  private bytes = 0;

  /** `distDir`: the build folder (`.next`); at most `maxBytes` of file bodies are kept (compressed forms included). */
  constructor(distDir: string, { maxBytes = 128 * 1024 * 1024 } = {}) {
    this.staticDir = path.resolve(distDir, 'static');
    this.maxBytes = maxBytes;
  }

  /** The stored entry for a file, read and compressed on first use; null when there is no such file. */
  private load(file: string): Entry | null {
    const hit = this.map.get(file);
    if (hit) return hit;
    let body: Buffer;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
      if (!stat.isFile()) return null;
      body = fs.readFileSync(file);
    } catch {
      return null;
    }
    const ext = path.extname(file).toLowerCase();
    const entry: Entry = {
      type: TYPES[ext] || 'application/octet-stream',
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      identity: body,
      gzip: null,
      br: null,
    };
    if (COMPRESSIBLE.has(ext) && body.length > 1024) {
      // Brotli only when the build left a `.br` beside the file (scripts/precompress.mjs):
      // at its best quality it takes far too long to make per request.
      entry.gzip = readIfFresh(file + '.gz', stat) ?? zlib.gzipSync(body, { level: 9 });
      entry.br = readIfFresh(file + '.br', stat);
    }
    const size = sizeOf(entry);
    if (size > this.maxBytes / 8) return entry; // served, not kept
    this.map.set(file, entry);
    this.bytes += size;
    while (this.bytes > this.maxBytes) {
      const [k, v] = this.map.entries().next().value!;
      this.map.delete(k);
      this.bytes -= sizeOf(v);
    }
    return entry;
  }

  /** Answers a GET/HEAD for a build asset; false when the request is not one (Next then handles it). */
  serve(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url || '';
    const q = url.indexOf('?');
    const file = fileOf(this.staticDir, q === -1 ? url : url.slice(0, q));
    if (!file) return false;
    const entry = this.load(file);
    if (!entry) return false;
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: entry.etag,
    };
    if (entry.gzip) headers.Vary = 'Accept-Encoding';
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const stored = (['br', 'gzip'] as const).filter((e) => entry[e]);
    const encoding = pickEncoding(req.headers['accept-encoding'], stored);
    const body = encoding === 'identity' ? entry.identity : entry[encoding]!;
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
