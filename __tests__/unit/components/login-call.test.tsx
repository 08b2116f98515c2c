import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useAuthFlows } from '@/components/shared/login/use-auth-flows';
import { makeQueryClient } from '@/lib/api/query-client';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { afterLogin } from '@/stores/session';

jest.mock('@/stores/session', () => ({ afterLogin: jest.fn().mockResolvedValue(undefined) }));
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace: jest.fn(), push: jest.fn() }) }));

// jsdom has no fetch Response; request() reads only status, headers and json().
const reply = (body: unknown, status = 200) =>
  jest.fn().mockResolvedValue({ status, headers: new Headers(), json: async () => body });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={makeQueryClient()}>
    <I18nProvider locale="en" messages={{ login: en.login, errors: en.errors }}>
      {children}
    </I18nProvider>
  </QueryClientProvider>
);

function flows() {
  return renderHook(() => useAuthFlows({ onResetDone: jest.fn() }), { wrapper }).result;
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.restoreAllMocks());

describe('the login call (UserLoginAPP, docs/api.md)', () => {
  it('posts phone and password and hands the session token on', async () => {
    const fetchMock = reply({ code: 1, data: { token: 'tok', expiresAt: '2030-01-01T00:00:00Z' } });
    global.fetch = fetchMock;
    const result = flows();
    await act(() => result.current.submitLogin({ phone: '13800138000', password: 'secret123' }));
    expect(afterLogin).toHaveBeenCalledWith('tok', expect.objectContaining({ fallback: '/' }));
    expect(result.current.errors.login).toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/UserLogin\/UserLoginAPP$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '13800138000', password: 'secret123' });
  });

  it('passes the error to the form, then stops the login', async () => {
    global.fetch = reply({ code: 0, msg: 'wrong phone number or password' });
    const result = flows();
    await act(() => result.current.submitLogin({ phone: '13800138000', password: 'nope' }));
    expect(result.current.errors.login).toBe('wrong phone number or password');
    expect(afterLogin).not.toHaveBeenCalled();
    expect(result.current.busy).toBeNull();
  });

  it('stops on a network failure too, with the §8 message', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const result = flows();
    await act(() => result.current.submitLogin({ phone: '13800138000', password: 'x' }));
    expect(result.current.errors.login).toBe(en.errors.networkFailed);
    expect(afterLogin).not.toHaveBeenCalled();
  });
});
