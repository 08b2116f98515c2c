import type { ConfirmOptions, DialogVariant } from '@/components/shared/errors/dialogs/types';
import { installErrorHandler } from '@/components/shared/errors/error-handler';
import { request } from '@/lib/api/request';
import { DESKTOP_LOGIN_PATH, MOBILE_LOGIN_PATH } from '@/lib/device/device';
import { useLoginFailure } from '@/stores/login-failure';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { useUserInfo } from '@/stores/user-info';
import { flush, mockFetch, unauthorized } from './support/fetch-mock';

let shown: ConfirmOptions[];
let variants: DialogVariant[];
let here: { pathname: string; search: string };
/** The page's language, as the handler reads it (`<html lang>`). */
const setPageLang = (l: string) => document.documentElement.setAttribute('lang', l);
let loginPath: string;
let navigate: jest.Mock;
let uninstall: () => void;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  shown = [];
  variants = [];
  here = { pathname: '/equitiesCentre/myData', search: '?tab=orders' };
  setPageLang('en');
  loginPath = DESKTOP_LOGIN_PATH;
  navigate = jest.fn();
  useReloginPrompt.setState({ open: false });
  useLoginFailure.setState({ code: 1, msg: '', seq: 0 });
  useUserInfo.getState().setUserInfo({
    user: { id: 'u1', phone: '13800000000', nickname: 'Li', sourcePlaformCode: null, isStaff: false, createdAt: '' },
    status: 'ready',
  });
  uninstall = installErrorHandler({
    loadDialogs: async (variant) => {
      variants.push(variant);
      return (o) => shown.push(o);
    },
    location: () => here,
    navigate,
    loginPath: () => loginPath,
  });
  mockFetch({
    GetCurrentUser: unauthorized,
    QueryUserExtendDTO: unauthorized,
    FilePathPrefix: unauthorized,
    QueryNewsById: { body: { code: 404, msg: 'news not found' } },
    WebPrice: { status: 503 },
    PriceIndex: { body: { code: 403, msg: 'membership required' } },
    QueryUserMemberByUserId: { body: { code: 401, msg: 'session revoked' } },
  });
});
afterEach(() => uninstall());

const fail = (p: Promise<unknown>) => p.catch(() => undefined);

describe('global handler: code 401 (docs/screens.md)', () => {
  it('removes the token, clears the user, raises the login-failure event and shows a re-login confirm', async () => {
    localStorage.setItem('token', 'old');
    await fail(request('GetCurrentUser'));
    await flush();

    expect(localStorage.getItem('token')).toBeNull();
    expect(useUserInfo.getState()).toMatchObject({ user: null, status: 'anonymous' });
    expect(useLoginFailure.getState()).toMatchObject({
      code: 401,
      msg: 'login status has expired, please log in again',
      seq: 1,
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      kind: 'relogin',
      title: 'login status has expired, please log in again',
      okText: 'login',
      cancelText: 'cancel',
    });
    expect(variants).toEqual(['desktop']);
  });

  it('a body code 401 is handled the same way', async () => {
    localStorage.setItem('token', 'old');
    await fail(request('QueryUserMemberByUserId'));
    await flush();
    expect(localStorage.getItem('token')).toBeNull();
    expect(shown.map((o) => o.kind)).toEqual(['relogin']);
  });

  it('shows only one prompt for three concurrent 401s', async () => {
    await Promise.all([
      fail(request('GetCurrentUser')),
      fail(request('QueryUserExtendDTO')),
      fail(request('FilePathPrefix')),
    ]);
    await flush();
    expect(shown).toHaveLength(1);
    expect(useLoginFailure.getState().seq).toBe(3);
  });

  it.each(['/functionality', '/mobileFunctionality', '/functionality/'])(
    'on %s raises the event but shows no prompt',
    async (pathname) => {
      here = { pathname, search: '' };
      localStorage.setItem('token', 'old');
      await fail(request('GetCurrentUser'));
      await flush();
      expect(localStorage.getItem('token')).toBeNull();
      expect(useLoginFailure.getState().code).toBe(401);
      expect(shown).toHaveLength(0);
      expect(useReloginPrompt.getState().open).toBe(false);
    },
  );

  it('still handles a 401 when the caller asked to skip the error dialog', async () => {
    await fail(request('GetCurrentUser', { skipErrorHandler: true }));
    await flush();
    expect(shown.map((o) => o.kind)).toEqual(['relogin']);
  });

  it('confirm: removes the token, stores path and search as loginUrl, goes to the device login', async () => {
    here = { pathname: '/mobileDocuments/42/guide', search: '?from=list' };
    loginPath = MOBILE_LOGIN_PATH;
    await fail(request('GetCurrentUser'));
    await flush();
    expect(variants).toEqual(['mobile']);
    localStorage.setItem('token', 'set-meanwhile');

    shown[0]!.onOk();
    await flush();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('loginUrl')).toBe('/mobileDocuments/42/guide?from=list');
    expect(navigate).toHaveBeenCalledWith('/mobileLogin');
    expect(useReloginPrompt.getState().open).toBe(false);
  });

  it('cancel: only removes the token; the prompt can show again later', async () => {
    await fail(request('GetCurrentUser'));
    await flush();
    localStorage.setItem('token', 'set-meanwhile');
    shown[0]!.onCancel();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('loginUrl')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    await fail(request('GetCurrentUser'));
    await flush();
    expect(shown).toHaveLength(2);
  });

  it('titles the prompt in Chinese on a zh-CN page', async () => {
    setPageLang('zh-CN');
    await fail(request('GetCurrentUser'));
    await flush();
    expect(shown[0]).toMatchObject({ title: '登录状态已过期，请重新登录', okText: '登录', cancelText: '取消' });
  });
});

describe('global handler: other codes (docs/api.md)', () => {
  it("shows the server's message with 'got it' and 'cancel'", async () => {
    await fail(request('QueryNewsById', { query: { id: 'n1' } }));
    await flush();
    expect(shown).toEqual([
      expect.objectContaining({ kind: 'error', content: 'news not found', okText: 'got it', cancelText: 'cancel' }),
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(useLoginFailure.getState().seq).toBe(0);
  });

  it('shows the catalogue text for an HTTP failure, in Chinese on a zh-CN page', async () => {
    setPageLang('zh-CN');
    await fail(request('WebPrice'));
    await flush();
    expect(shown[0]).toMatchObject({ content: '服务器繁忙，请稍后再试', okText: '知道了', cancelText: '取消' });
  });

  it('shows nothing when the caller passed skipErrorHandler', async () => {
    await fail(request('PriceIndex', { body: {}, skipErrorHandler: true }));
    await flush();
    expect(shown).toHaveLength(0);
  });

  it('shows one dialog for the same message at once, and again once it was closed', async () => {
    await Promise.all([fail(request('WebPrice')), fail(request('WebPrice'))]);
    await flush();
    expect(shown).toHaveLength(1);
    shown[0]!.onOk();
    await fail(request('WebPrice'));
    await flush();
    expect(shown).toHaveLength(2);
  });

  it('uses the mobile dialogs on mobile pages', async () => {
    here = { pathname: '/mobileFeedback', search: '' };
    await fail(request('WebPrice'));
    await flush();
    expect(variants).toEqual(['mobile']);
  });

  it('uses the mobile dialogs on a mobile page served under a desktop URL', async () => {
    here = { pathname: '/documents', search: '' };
    const marker = document.createElement('main');
    marker.dataset.chrome = 'mobile';
    document.body.append(marker);
    try {
      await fail(request('WebPrice'));
      await flush();
      expect(variants).toEqual(['mobile']);
    } finally {
      marker.remove();
    }
  });

  it('falls back to the browser dialogs when the dialog chunk cannot load', async () => {
    uninstall();
    uninstall = installErrorHandler({
      loadDialogs: () =>
        Promise.reject(Object.assign(new Error('Loading chunk 12 failed'), { name: 'ChunkLoadError' })),
      location: () => here,
      navigate,
      loginPath: () => loginPath,
    });
    const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await fail(request('GetCurrentUser'));
    await flush();
    expect(confirmSpy).toHaveBeenCalledWith('login status has expired, please log in again');
    expect(navigate).toHaveBeenCalledWith('/login');
    confirmSpy.mockRestore();
  });

  it('stops handling once uninstalled', async () => {
    uninstall();
    await fail(request('WebPrice'));
    await fail(request('GetCurrentUser'));
    await flush();
    expect(shown).toHaveLength(0);
    expect(useLoginFailure.getState().seq).toBe(0);
  });
});
