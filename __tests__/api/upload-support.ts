// Real file bytes and the upload route, shared by the upload and feedback API tests (not a test file itself).
import { deflateSync } from 'node:zlib';
import { POST as upload } from '@/app/api/files/upload/route';
import { GET as serve } from '@/app/files/[...key]/route';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid 2×2 RGB PNG; `shade` varies the pixels so files differ. */
export function png(shade = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, shade & 255, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A Windows executable (MZ header) and a Linux one (ELF). */
export const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200)]);
export const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);

export type Stored = { key: string; url: string };
export type Grant = { uploadUrl: string; purpose: string; maxFiles: number | null; grant: string; keyPrefix: string; allowedTypes: string[]; maxBytes: number; expiresAt: string };

/** POST /api/files/upload as a browser's multipart form would. */
export async function send(grant: string | null, file: Buffer | null, name = 'picture.png', type = 'image/png') {
  const form = new FormData();
  if (grant !== null) form.set('grant', grant);
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type }), name);
  const res = await upload(new Request('http://localhost/api/files/upload', { method: 'POST', body: form }));
  return { status: res.status, body: (await res.json()) as { code: number; msg?: string; data?: Stored } };
}

/** GET /files/{key}. */
export async function fetchFile(key: string) {
  const res = await serve(new Request(`http://localhost/files/${key}`), { params: Promise.resolve({ key: key.split('/') }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
