// POST /api/files/upload (multipart: `grant` + `file`): stores one file under an upload grant.
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/server/db/client';
import { fail } from '@/lib/server/errors';
import { readBodyBytes } from '@/lib/server/http/read-body';
import { errorResponse, json } from '@/lib/server/http/respond';
import { MAX_UPLOAD_BYTES, storeUpload } from '@/lib/server/services/accounts/uploads';
import { msg } from '@/lib/i18n/server-messages';

export const dynamic = 'force-dynamic';

// Room for the multipart framing and the grant around the largest allowed file.
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export async function POST(req: Request) {
  const requestId = randomUUID();
  try {
    const contentType = req.headers.get('content-type') ?? '';
    if (!contentType.toLowerCase().startsWith('multipart/form-data'))
      throw fail.invalid('body', msg('uploads.notMultipart'));
    const raw = await readBodyBytes(req, MAX_REQUEST_BYTES, () =>
      fail.invalid('file', msg('uploads.tooBig', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })),
    );
    let form: FormData;
    try {
      form = await new Response(raw as unknown as BodyInit, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw fail.invalid('body', msg('uploads.badMultipart'));
    }
    const grant = form.get('grant');
    if (typeof grant !== 'string' || !grant) throw fail.invalid('grant', msg('validation.required'));
    const file = form.get('file');
    if (!file || typeof file === 'string') throw fail.invalid('file', msg('validation.required'));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const data = await storeUpload(await getDb(), { grant, bytes, now: new Date() });
    return json({ code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, 'upload');
  }
}
