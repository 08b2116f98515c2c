import 'server-only';
import { newToken } from '../../auth/tokens';

/** Every key starts so, so that a key pasted where it should not be is recognisable (secret scanners). */
export const KEY_PREFIX = 'yk_';

/** A new key (32 random bytes) and the part of it the owner's list shows. */
export function newApiKey(): { key: string; prefix: string } {
  const key = KEY_PREFIX + newToken();
  return { key, prefix: key.slice(0, KEY_PREFIX.length + 6) };
}

/** The key of a request: `Authorization: Bearer yk_…` or `X-Api-Key: yk_…`; '' when none. */
export function keyFromHeaders(headers: Headers): string {
  const auth = headers.get('authorization')?.trim() ?? '';
  const bearer = auth.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : '';
  const key = bearer || headers.get('x-api-key')?.trim() || '';
  return key.length <= 128 ? key : '';
}
