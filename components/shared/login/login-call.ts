import { api } from '@/lib/api/client';
import type { LoginBody, SessionToken } from '@/lib/api/schemas/user';

/**
 * UserLoginAPP as docs/api.md describes it: any error goes to the callback first,
 * then is rethrown so the caller's own flow stops too. The screen shows the
 * message inline, hence no global error dialog.
 */
export async function login(body: LoginBody, onError?: (err: unknown) => void): Promise<SessionToken> {
  try {
    return await api.UserLoginAPP({ body, skipErrorHandler: true });
  } catch (err) {
    onError?.(err);
    throw err;
  }
}
