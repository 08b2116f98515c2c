// Real file bytes and the upload route, for the upload, profile and feedback API tests.
import type { ResponseOf } from '@/lib/api/contract';
import type { StoredFile } from '@/lib/api/upload';
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST as upload } from '@/app/api/files/upload/route';
import { GET as serve } from '@/app/files/[...key]/route';
import { resetEnvCache } from '@/lib/server/env';
import { png } from './png';

export { png };

/**
 * Stores this test file's uploads in a fresh temporary folder (FILES_DIR) and puts the
 * environment back afterwards. Call it at the top of the file, before other beforeAll hooks.
 */
export function withTempFilesDir(prefix: string) {
  const saved = { ...process.env };
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    process.env.FILES_DIR = dir;
    resetEnvCache();
  });
  afterAll(() => {
    process.env = { ...saved };
    resetEnvCache();
    rmSync(dir, { recursive: true, force: true });
  });
}

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A Windows executable (MZ header) and a Linux one (ELF). */
export const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200)]);
export const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);

export type { StoredFile as Stored } from '@/lib/api/upload';
export type Grant = ResponseOf<'UpLoadFileAuths'>;

/** POST /api/files/upload as the site's pages do: a multipart form, with the session's token. */
export async function send(
  token: string | null,
  grant: string | null,
  file: Buffer | null,
  name = 'picture.png',
  type = 'image/png',
) {
  const form = new FormData();
  if (grant !== null) form.set('grant', grant);
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type }), name);
  const headers = token === null ? undefined : { authorization: token };
  const res = await upload(new Request('http://localhost/api/files/upload', { method: 'POST', body: form, headers }));
  return { status: res.status, body: (await res.json()) as { code: number; msg?: string; data?: StoredFile } };
}

/** GET a URL under /files/ (a key, or a URL the API answered, signature included). */
export async function fetchFile(keyOrUrl: string) {
  const url = new URL(keyOrUrl.startsWith('/files/') ? keyOrUrl : `/files/${keyOrUrl}`, 'http://localhost');
  const key = url.pathname.slice('/files/'.length);
  const res = await serve(new Request(url), { params: Promise.resolve({ key: key.split('/') }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
