import 'server-only';
import { msg } from '@/lib/i18n/server-messages';
import { fail, invalidField } from '../errors';

/** The most any JSON call, notify or form may send (uploads have their own cap). */
export const MAX_BODY_BYTES = 1024 * 1024;

const describe = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : bytes >= 1024 ? `${bytes / 1024} KiB` : `${bytes} bytes`;

/**
 * The request body, read chunk by chunk and no further than `limit` bytes: a larger
 * body (declared or streamed, chunked included) is refused with code 413 after at most
 * `limit` bytes plus one chunk, and the rest is never read. `tooLarge` builds that refusal.
 * `inspect` sees each chunk as it arrives and may throw to stop reading there (the JSON
 * shape caps of lib/server/http/json-shape.ts).
 */
export async function readBodyBytes(
  req: Request,
  limit = MAX_BODY_BYTES,
  tooLarge = () => fail.tooLarge(invalidField('body', msg('validation.maxSize', { size: describe(limit) }))),
  inspect?: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    if (inspect) {
      try {
        inspect(value);
      } catch (e) {
        await reader.cancel().catch(() => {});
        throw e;
      }
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The body as UTF-8 text, under the same limit (and `inspect`, as for readBodyBytes). */
export async function readBodyText(
  req: Request,
  limit = MAX_BODY_BYTES,
  inspect?: (chunk: Uint8Array) => void,
): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, limit, undefined, inspect));
}
