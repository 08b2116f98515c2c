// POST /api/files/upload (multipart: `grant` + `file`, `Authorization` the token of the session
// that was given the grant): stores one file under the grant.
import { resolveSession, tokenFromHeader } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { fail } from '@/lib/server/errors';
import { readBodyBytes } from '@/lib/server/http/read-body';
import { requestIdFrom } from '@/lib/server/http/request-id';
import { errorResponse, json } from '@/lib/server/http/respond';
import { MAX_UPLOAD_BYTES, storeUpload } from '@/lib/server/services/accounts/uploads';
import { msg } from '@/lib/i18n/server-messages';

export const dynamic = 'force-dynamic';

// Room for the multipart framing and the grant around the largest allowed file.
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export async function POST(req: Request) {
  // The id the server gave this request (its log line's), quoted in error answers.
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  try {
    // The login first, as for every call: without one the body is not even read.
    const db = await getDb();
    const now = new Date();
    const token = tokenFromHeader(req.headers.get('authorization'));
    const session = token ? await resolveSession(db, token, now) : null;
    if (!session) throw fail.unauthorized();
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
    const uploader = { sessionId: session.id, userId: session.user.id };
    const data = await storeUpload(db, { grant, bytes, now, uploader, requestId });
    return json({ code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, 'upload');
  }
}
