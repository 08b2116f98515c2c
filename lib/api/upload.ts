import { MSG_NETWORK_FAILED, RequestError, classifyResponse, localise } from './request-error';
import { getToken } from './token';
import type { UploadGrant } from './schemas/user';

export type StoredFile = { key: string; url: string };

/**
 * Uploads one file with an UpLoadFileAuths grant (POST multipart `grant` + `file`
 * to the grant's upload URL, with the token of the session the grant was issued to). Rejects with a RequestError per docs/api.md; the server
 * sniffs the type, so the file's name and claimed type decide nothing.
 */
export async function uploadFile(
  grant: Pick<UploadGrant, 'uploadUrl' | 'grant'>,
  file: Blob,
  name = 'upload',
  signal?: AbortSignal,
): Promise<StoredFile> {
  const form = new FormData();
  form.set('grant', grant.grant);
  form.set('file', file, name);
  let res: Response;
  try {
    res = await fetch(grant.uploadUrl, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Authorization: getToken() },
      signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw await localise(new RequestError(0, MSG_NETWORK_FAILED));
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const err = classifyResponse(res.status, body);
  if (err) throw await localise(err);
  return (body as { data: StoredFile }).data;
}

/** The grant can no longer take files (expired, spent or full): a fresh one will. */
export const isStaleGrantError = (e: unknown) =>
  e instanceof RequestError && e.code === 400 && e.msg.startsWith('grant:');
