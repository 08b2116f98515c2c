// Cached pages and the CSP nonce (docs/decisions/csp-and-page-cache.md). proxy.ts gives every page
// request a fresh nonce, and Next puts it on the scripts of what it renders. But a page Next serves
// from its cache (x-nextjs-cache HIT, STALE, or MISS: rendered now and stored for later visitors)
// carries the nonce of the request that rendered it, which the fresh header does not name, and the
// whole-response cache (response-cache.ts) replays one response to many visitors. For those
// responses only, the policy's nonce is replaced by the SHA-256 hashes of the page's own inline
// scripts ('strict-dynamic' goes too: it needs a nonce or hash on each script, and Next's external
// chunks carry neither, so 'self' admits them instead). Inline script the page did not ship still
// matches no hash. The work happens once per cached response, never per hit.
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources of the inline scripts of an HTML document (external ones have a src). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`)) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return [...out];
}

/** The policy with script-src's nonce and 'strict-dynamic' replaced by these hashes. */
export function toHashPolicy(policy: string, hashes: readonly string[]): string {
  return policy
    .split(';')
    .map((d) => {
      const t = d.trim();
      if (!/^script-src\s/i.test(t)) return t;
      const kept = t.split(/\s+/).filter((s) => !/^'nonce-/i.test(s) && s.toLowerCase() !== "'strict-dynamic'");
      return [...kept, ...hashes].join(' ');
    })
    .join('; ');
}

function decode(body: Buffer, encoding: unknown): Buffer | null {
  switch (String(encoding || '').toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return null;
  }
}

/** The headers object among writeHead's arguments after the status, if any. */
const headersArg = (args: unknown[]) =>
  args.find((a, i) => i > 0 && a && typeof a === 'object' && !Array.isArray(a)) as OutgoingHttpHeaders | undefined;

const header = (res: ServerResponse, args: unknown[], name: string) => {
  const fromArgs = args.find((a) => a && typeof a === 'object' && !Array.isArray(a)) as OutgoingHttpHeaders | undefined;
  if (fromArgs) for (const [k, v] of Object.entries(fromArgs)) if (k.toLowerCase() === name) return v;
  return res.getHeader(name);
};

/** Removes the policy from a response's headers, set on it or passed to writeHead. */
function dropPolicy(res: ServerResponse, args: unknown[]) {
  res.removeHeader('content-security-policy');
  const h = headersArg(args);
  if (h) for (const k of Object.keys(h)) if (k.toLowerCase() === 'content-security-policy') delete h[k];
}

type Chunk = string | Buffer | Uint8Array;
type Callback = (err?: Error | null) => void;
const toBuffer = (chunk: Chunk, encoding: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined)
      : Buffer.from(chunk);

/**
 * Watches one response: when it turns out to be a cached HTML page with a nonce policy, its body
 * is held until the end, then the policy is rewritten to hashes and everything is sent. Any other
 * response passes straight through. Install after anything that records what is sent (the
 * response cache), so that the recorder sees the rewritten policy.
 */
export function install(res: ServerResponse) {
  const { writeHead, write, end } = res as unknown as Record<
    'writeHead' | 'write' | 'end',
    (...a: unknown[]) => unknown
  >;
  let state: 'undecided' | 'pass' | 'hold' = 'undecided'; // → 'pass' once the held body goes out
  let head: unknown[] | null = null;
  const chunks: Buffer[] = [];

  const decide = (args: unknown[]) => {
    if (state !== 'undecided') return;
    const cache = String(header(res, args, 'x-nextjs-cache') || '').toUpperCase();
    const type = String(header(res, args, 'content-type') || '');
    const policy = String(header(res, args, 'content-security-policy') || '');
    state = cache && /^text\/html/i.test(type) && /'nonce-/.test(policy) ? 'hold' : 'pass';
  };
  // The wrappers stay in place (whatever wraps them later, Next's compression, keeps working) and pass through.
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    // A 304 sends no body: the browser keeps the page it has, and a policy sent with the 304
    // replaces the stored one. Next's 304 carries this request's fresh nonce, which the stored
    // page's scripts do not have, so they would all be blocked: a 304 leaves the policy alone.
    if ((typeof args[0] === 'number' ? args[0] : res.statusCode) === 304) dropPolicy(res, args);
    decide(args.slice(1));
    if (state === 'pass') return writeHead.apply(this, args);
    head = args;
    return this;
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: Chunk, encoding?: unknown, cb?: Callback) {
    decide([]);
    if (state === 'pass') return write.call(this, chunk, encoding, cb);
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    if (typeof cb === 'function') cb();
    else if (typeof encoding === 'function') (encoding as Callback)();
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: Callback) {
    decide([]);
    if (state === 'pass') return end.call(this, chunk, encoding, cb);
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk as Chunk, encoding));
    const body = Buffer.concat(chunks);
    const args = head ?? [res.statusCode];
    const argHeaders = headersArg(args);
    const policyKey = argHeaders && Object.keys(argHeaders).find((k) => k.toLowerCase() === 'content-security-policy');
    const policy = String(policyKey ? argHeaders[policyKey] : res.getHeader('content-security-policy'));
    const html = decode(body, header(res, args.slice(1), 'content-encoding'));
    // Unreadable (an encoding we do not know): the nonce stays, and the page may lose its scripts; never widen the policy.
    if (html) {
      const rewritten = toHashPolicy(policy, inlineScriptHashes(html.toString('utf8')));
      if (policyKey) argHeaders[policyKey] = rewritten;
      else res.setHeader('content-security-policy', rewritten);
    }
    // From here on everything goes through: Node's own end() calls writeHead when none was called.
    state = 'pass';
    if (head) writeHead.apply(this, head);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
    return end.call(this, body, done);
  } as ServerResponse['end'];
}
