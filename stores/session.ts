import { api } from '@/lib/api/client';
import { fetchApi } from '@/lib/api/hooks';
import { getQueryClient } from '@/lib/api/query-client';
import { getToken, removeToken, setLoginUrl, setToken, takeLoginUrl } from '@/lib/api/token';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import { useUserInfo } from './user-info';

/**
 * Start-up (docs/screens.md): the four user calls run in sequence (each needs the session the
 * previous one proved) and are merged into the user info. They go through the query cache, so
 * the user info is a view of what the pages' queries see too.
 */
export async function loadCurrentUser(): Promise<void> {
  const user = await fetchApi('GetCurrentUser');
  const extend = await fetchApi('QueryUserExtendDTO');
  const filePathPrefix = await fetchApi('FilePathPrefix');
  const uploadAuth = await fetchApi('UpLoadFileAuths');
  useUserInfo.getState().setUserInfo({ user: { ...user, ...extend }, filePathPrefix, uploadAuth });
}

let inFlight: Promise<void> | undefined;

/**
 * Start-up (docs/screens.md): with a token, the current user, then the membership;
 * without one, member is null and the visitor is anonymous. Concurrent calls
 * share one run.
 */
export function bootstrapSession(): Promise<void> {
  return (inFlight ??= run().finally(() => {
    inFlight = undefined;
  }));
}

async function run(): Promise<void> {
  const store = useUserInfo.getState();
  if (!getToken()) {
    store.clearUserInfo();
    return;
  }
  store.setUserInfo({ status: 'loading' });
  try {
    await loadCurrentUser();
  } catch {
    // The global handler has already told the user (and dropped the token on a 401).
    useUserInfo.getState().clearUserInfo();
    return;
  }
  let member: UserMemberDTO | null = null;
  try {
    member = (await fetchApi('QueryUserMemberByUserId')) ?? null;
  } catch {
    // A failed membership lookup leaves a logged-in user without member benefits shown, not logged out.
  }
  if (getToken()) useUserInfo.getState().setUserInfo({ member, status: 'ready' });
}

export type AfterLoginOptions = {
  /** Where to go when no return location was stored. */
  fallback?: string;
  navigate?: (path: string) => void;
};

/** After a login or registration: keep the token, load the session, go back to where the user was. */
export async function afterLogin(token: string, { fallback = '/', navigate }: AfterLoginOptions = {}): Promise<void> {
  setToken(token);
  if (inFlight) await inFlight.catch(() => undefined);
  await bootstrapSession();
  // Queries cached while logged out answered for nobody.
  void getQueryClient().invalidateQueries();
  const go = navigate ?? ((path: string) => window.location.assign(path));
  go(takeLoginUrl(fallback));
}

/**
 * Before a login: remember where the visitor is (sessionStorage loginUrl, docs/screens.md),
 * which afterLogin returns to, and go to the device's login screen (docs/screens.md).
 */
export async function goToLogin({
  navigate = (path: string) => window.location.assign(path),
}: Pick<AfterLoginOptions, 'navigate'> = {}): Promise<void> {
  setLoginUrl(window.location.pathname + window.location.search);
  const { loginPathForDevice } = await import('@/lib/device/device');
  navigate(loginPathForDevice());
}

/** Ends the session here and on the server (best effort). */
export async function logout(): Promise<void> {
  if (getToken()) await api.Logout({ skipErrorHandler: true }).catch(() => undefined);
  removeToken();
  useUserInfo.getState().clearUserInfo();
  void getQueryClient().invalidateQueries();
}

/** After a purchase (docs/screens.md): reload the membership into the user info, so every page sees the new level. */
export async function refreshMembership(): Promise<UserMemberDTO | null> {
  if (!getToken()) return null;
  const member = (await fetchApi('QueryUserMemberByUserId', { skipErrorHandler: true })) ?? null;
  if (getToken()) useUserInfo.getState().setUserInfo({ member });
  return member;
}
