import type { ConfirmOptions } from '@/components/shared/errors/dialogs/types';
import { installErrorHandler } from '@/components/shared/errors/error-handler';
import { afterLogin, bootstrapSession, logout } from '@/stores/session';
import { useLoginFailure } from '@/stores/login-failure';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { calledNames, flush, mockFetch, ok, unauthorized, type Route } from '../api/support/fetch-mock';
import { sessionUser } from '../../support/session-user';

const user = sessionUser;
const extend = {
  realName: 'Li Lei',
  company: 'Co-op',
  position: null,
  region: 'Shandong',
  industry: 'grain',
  avatar: null,
};
const grant = {
  uploadUrl: '/api/upload',
  grant: 'g',
  keyPrefix: 'u1/',
  allowedTypes: ['image/png'],
  maxBytes: 1,
  expiresAt: '2030-01-01T00:00:00Z',
};
const member = {
  levelId: 'l2',
  levelCode: 'gold',
  levelName: 'Gold',
  rank: 2,
  startsAt: '2024-01-01T00:00:00Z',
  endsAt: '2025-01-01T00:00:00Z',
  privileges: { historyMonths: 36, regionDepth: 'market', forecast: true, export: true, dataProductDiscountPct: 10 },
};

// Each reply waits a tick so overlapping calls would be seen.
let inFlight = 0;
let maxInFlight = 0;
const slow =
  (reply: Route): Route =>
  async (url, init) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    return typeof reply === 'function' ? reply(url, init) : reply;
  };
const sessionRoutes = (overrides: Record<string, Route> = {}) => ({
  GetCurrentUser: slow(ok(user)),
  QueryUserExtendDTO: slow(ok(extend)),
  FilePathPrefix: slow(ok('/files/')),
  UpLoadFileAuths: slow(ok(grant)),
  QueryUserMemberByUserId: slow(ok(member)),
  ...overrides,
});

let shown: ConfirmOptions[];
let uninstall: () => void;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  inFlight = maxInFlight = 0;
  useUserInfo.setState(emptyUserInfo);
  useReloginPrompt.setState({ open: false });
  useLoginFailure.setState({ code: 1, msg: '', seq: 0 });
  shown = [];
  uninstall = installErrorHandler({
    loadDialogs: async () => (o) => shown.push(o),
    location: () => ({ pathname: '/', search: '' }),
    navigate: jest.fn(),
    loginPath: () => '/login',
  });
});
afterEach(() => uninstall());

describe('start-up (docs/screens.md)', () => {
  it('with a token: the four user calls one after another, then the membership, merged into user info', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = mockFetch(sessionRoutes());
    const running = bootstrapSession();
    expect(useUserInfo.getState().status).toBe('loading');
    await running;

    expect(calledNames(fetchMock)).toEqual([
      'GetCurrentUser',
      'QueryUserExtendDTO',
      'FilePathPrefix',
      'UpLoadFileAuths',
      'QueryUserMemberByUserId',
    ]);
    expect(maxInFlight).toBe(1);
    expect(
      fetchMock.mock.calls.every(([, init]) => (init.headers as Record<string, string>).Authorization === 'tok'),
    ).toBe(true);
    expect(useUserInfo.getState()).toMatchObject({
      user: { ...user, ...extend },
      filePathPrefix: '/files/',
      uploadAuth: grant,
      member,
      status: 'ready',
    });
  });

  it('stores a null membership as null', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch(sessionRoutes({ QueryUserMemberByUserId: ok(null) }));
    await bootstrapSession();
    expect(useUserInfo.getState()).toMatchObject({ member: null, status: 'ready', user: { id: 'u1' } });
  });

  it('without a token: no calls, member null, anonymous', async () => {
    const fetchMock = mockFetch(sessionRoutes());
    await bootstrapSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useUserInfo.getState()).toMatchObject({ user: null, member: null, status: 'anonymous' });
  });

  it('concurrent start-ups share one run', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = mockFetch(sessionRoutes());
    await Promise.all([bootstrapSession(), bootstrapSession()]);
    expect(calledNames(fetchMock)).toHaveLength(5);
  });

  it('an expired token: token removed, login-failure raised, one prompt, no later calls', async () => {
    localStorage.setItem('token', 'expired');
    const fetchMock = mockFetch(sessionRoutes({ GetCurrentUser: unauthorized }));
    await bootstrapSession();
    await flush();
    expect(calledNames(fetchMock)).toEqual(['GetCurrentUser']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(useLoginFailure.getState()).toMatchObject({ code: 401, seq: 1 });
    expect(shown.map((o) => o.kind)).toEqual(['relogin']);
    expect(useUserInfo.getState()).toMatchObject({ user: null, member: null, status: 'anonymous' });
  });

  it('a failed membership lookup keeps the user logged in without a membership', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch(sessionRoutes({ QueryUserMemberByUserId: { status: 500 } }));
    await bootstrapSession();
    expect(useUserInfo.getState()).toMatchObject({ user: { id: 'u1' }, member: null, status: 'ready' });
  });
});

describe('after a login', () => {
  it('stores the token, loads the session and goes back to the stored location (once)', async () => {
    const fetchMock = mockFetch(sessionRoutes());
    sessionStorage.setItem('loginUrl', '/equitiesCentre/member?level=gold');
    const navigate = jest.fn();
    await afterLogin('fresh', { navigate });

    expect(localStorage.getItem('token')).toBe('fresh');
    expect(calledNames(fetchMock)).toHaveLength(5);
    expect(useUserInfo.getState().status).toBe('ready');
    expect(navigate).toHaveBeenCalledWith('/equitiesCentre/member?level=gold');
    expect(sessionStorage.getItem('loginUrl')).toBeNull();
  });

  it('goes to the fallback without a stored location, or with an off-site one', async () => {
    mockFetch(sessionRoutes());
    const navigate = jest.fn();
    await afterLogin('fresh', { navigate, fallback: '/mobileFunctionality' });
    sessionStorage.setItem('loginUrl', '//evil.example/x');
    await afterLogin('fresh', { navigate });
    // A browser reads a backslash as a slash: this is another site too.
    sessionStorage.setItem('loginUrl', '/\\evil.example/x');
    await afterLogin('fresh', { navigate });
    sessionStorage.setItem('loginUrl', 'https://evil.example/x');
    await afterLogin('fresh', { navigate });
    expect(navigate.mock.calls).toEqual([['/mobileFunctionality'], ['/'], ['/'], ['/']]);
  });

  it('clearing on logout resets the user info and drops the token', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = mockFetch({ ...sessionRoutes(), Logout: ok(null) });
    await bootstrapSession();
    await logout();
    expect(calledNames(fetchMock).at(-1)).toBe('Logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useUserInfo.getState()).toMatchObject({ ...emptyUserInfo, status: 'anonymous' });
  });
});
