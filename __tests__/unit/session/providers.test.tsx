import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppProviders as Providers } from '@/components/shared/providers/app-providers';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { SessionBootstrap } from '@/components/shared/providers/session-bootstrap';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { calledNames, flush, mockFetch, ok } from '../api/support/fetch-mock';

// The providers are on every page: loading antd or antd-mobile with them would fail here.
jest.mock('antd', () => {
  throw new Error('antd must not load with the providers');
});
jest.mock('antd-mobile', () => {
  throw new Error('antd-mobile must not load with the providers');
});

// As the root layout gives them: the namespaces every page's islands read.
const AppProviders = ({ children }: { children: React.ReactNode }) => (
  <I18nProvider locale="en" messages={{ userMenu: en.userMenu, network: en.network }}>
    <Providers>{children}</Providers>
  </I18nProvider>
);

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }) }));

const routes = {
  GetCurrentUser: ok({
    id: 'u1',
    phone: '13800000000',
    nickname: 'Li',
    sourcePlaformCode: null,
    isStaff: false,
    createdAt: '',
  }),
  QueryUserExtendDTO: ok({ realName: null, company: null, position: null, region: null, industry: null, avatar: null }),
  FilePathPrefix: ok('/files/'),
  UpLoadFileAuths: ok(null),
  QueryUserMemberByUserId: ok(null),
};

beforeEach(() => {
  localStorage.clear();
  useUserInfo.setState(emptyUserInfo);
});

it('SessionBootstrap loads the session once on mount, even in strict mode', async () => {
  localStorage.setItem('token', 'tok');
  const fetchMock = mockFetch(routes);
  render(
    <StrictMode>
      <SessionBootstrap />
    </StrictMode>,
  );
  await act(flush);
  expect(calledNames(fetchMock)).toEqual([
    'GetCurrentUser',
    'QueryUserExtendDTO',
    'FilePathPrefix',
    'UpLoadFileAuths',
    'QueryUserMemberByUserId',
  ]);
  expect(useUserInfo.getState().status).toBe('ready');
});

it('SessionBootstrap reloads the session when another tab logs out', async () => {
  localStorage.setItem('token', 'tok');
  mockFetch(routes);
  render(<SessionBootstrap />);
  await act(flush);
  expect(useUserInfo.getState().status).toBe('ready');

  localStorage.removeItem('token');
  await act(async () => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok', newValue: null }));
    await flush();
  });
  expect(useUserInfo.getState()).toMatchObject({ user: null, status: 'anonymous' });
});

function ShowsClient() {
  return <p>{useQueryClient() ? 'has query client' : 'none'}</p>;
}

it('AppProviders gives a query client, runs the start-up and carries no antd', async () => {
  const fetchMock = mockFetch(routes);
  render(
    <AppProviders>
      <ShowsClient />
    </AppProviders>,
  );
  expect(screen.getByText('has query client')).toBeInTheDocument();
  await act(flush);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(useUserInfo.getState().status).toBe('anonymous');
});

it('AppProviders installs the global handler, navigating with the router, and removes it on unmount', async () => {
  localStorage.setItem('token', 'expired');
  mockFetch({ ...routes, GetCurrentUser: { status: 401 } });
  // The antd chunk "fails to load" here (mocked above), so the handler falls back to the browser confirm.
  const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { unmount } = render(
    <AppProviders>
      <p>page</p>
    </AppProviders>,
  );
  await act(() => flush(20));
  expect(confirmSpy).toHaveBeenCalledWith('login status has expired, please log in again');
  // jsdom reports touch events, so the device rule picks the mobile login screen.
  expect(push).toHaveBeenCalledWith('/mobileLogin');
  expect(localStorage.getItem('token')).toBeNull();

  unmount();
  confirmSpy.mockClear();
  localStorage.setItem('token', 'expired');
  const { request } = await import('@/lib/api/request');
  await request('GetCurrentUser').catch(() => undefined);
  await flush();
  expect(confirmSpy).not.toHaveBeenCalled();
  expect(localStorage.getItem('token')).toBe('expired');
  confirmSpy.mockRestore();
});
