import './support/message-channel';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { LoginScreen } from '@/components/desktop/login/login-screen';
import { makeQueryClient } from '@/lib/api/query-client';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { afterLogin } from '@/stores/session';
import { useUserInfo } from '@/stores/user-info';

jest.mock('@/stores/session', () => ({ afterLogin: jest.fn().mockResolvedValue(undefined), logout: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }), usePathname: () => '/login' }));

const t = en.login;
type Call = { url: string; body: unknown };
let calls: Call[] = [];

/** Answers each API call by the last segment of its path. */
function serve(answers: Record<string, unknown>) {
  calls = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const name = new URL(url, 'http://x').pathname.split('/').pop()!;
    return {
      status: 200,
      headers: new Headers(),
      json: async () => answers[name] ?? { code: 1, data: null },
    } as Response;
  }) as jest.Mock;
}

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <I18nProvider locale="en" messages={{ login: en.login, errors: en.errors }}>
        {ui}
      </I18nProvider>
    </QueryClientProvider>,
  );
const panel = (id: string) => document.getElementById(id)!;

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/login');
});

describe('desktop login screen', () => {
  it('has the three panels of docs/screens.md, showing the login one first', () => {
    serve({});
    wrap(<LoginScreen />);
    expect(panel('loginId')).toBeVisible();
    expect(panel('registerId')).not.toBeVisible();
    expect(panel('forgetId')).not.toBeVisible();
  });

  it('opens the panel named in the URL hash', () => {
    serve({});
    window.history.replaceState(null, '', '/login#registerId');
    wrap(<LoginScreen />);
    expect(panel('registerId')).toBeVisible();
    expect(panel('loginId')).not.toBeVisible();
  });

  it('checks the phone before calling the server', async () => {
    serve({});
    wrap(<LoginScreen />);
    const login = panel('loginId');
    await userEvent.type(screen.getAllByLabelText(t.phone)[0]!, '12345');
    await userEvent.type(screen.getAllByLabelText(t.password)[0]!, 'whatever1');
    await userEvent.click(login.querySelector('button[type="submit"]')!);
    expect(await screen.findByText(t.invalidPhone)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server message inline and stays on the page when login fails', async () => {
    serve({ UserLoginAPP: { code: 0, msg: 'wrong phone number or password' } });
    wrap(<LoginScreen />);
    await userEvent.type(screen.getAllByLabelText(t.phone)[0]!, '13800138000');
    await userEvent.type(screen.getAllByLabelText(t.password)[0]!, 'badpass1');
    await userEvent.click(panel('loginId').querySelector('button[type="submit"]')!);
    const alert = await screen.findByText('wrong phone number or password');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(afterLogin).not.toHaveBeenCalled();
  });

  it('hands the token to the session after a successful login', async () => {
    serve({ UserLoginAPP: { code: 1, data: { token: 'tok-1', expiresAt: '2030-01-01T00:00:00Z' } } });
    wrap(<LoginScreen />);
    await userEvent.type(screen.getAllByLabelText(t.phone)[0]!, '13800138000');
    await userEvent.type(screen.getAllByLabelText(t.password)[0]!, 'goodpass1');
    await userEvent.click(panel('loginId').querySelector('button[type="submit"]')!);
    await waitFor(() => expect(afterLogin).toHaveBeenCalledWith('tok-1', expect.objectContaining({ fallback: '/' })));
    expect(calls[0]!.body).toEqual({ phone: '13800138000', password: 'goodpass1' });
  });

  it('sends a registration code only for a valid phone, then counts down', async () => {
    serve({ SendValidateCode: { code: 1, data: null } });
    wrap(<LoginScreen />);
    await userEvent.click(screen.getByText(t.tabRegister));
    const reg = panel('registerId');
    const send = () => [...reg.querySelectorAll('button')].find((b) => /Send code|Resend/.test(b.textContent ?? ''))!;

    await userEvent.click(send());
    expect(await screen.findByText(t.phoneRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(reg.querySelector('input[id="register_phone"]')!, '13800138000');
    await userEvent.click(send());
    await waitFor(() => expect(send()).toHaveTextContent('Resend in 60s'));
    expect(send()).toBeDisabled();
    expect(calls[0]!.url).toMatch(/SendValidateCode\?phone=13800138000$/);
    expect(screen.getByText('A code has been sent to 138****8000.')).toBeInTheDocument();
  });

  it('keeps the send button ready and shows why when sending fails', async () => {
    serve({ SendValidateCode: { code: 429, msg: 'please wait 42 s before asking for another code' } });
    wrap(<LoginScreen />);
    await userEvent.click(screen.getByText(t.tabRegister));
    const reg = panel('registerId');
    await userEvent.type(reg.querySelector('input[id="register_phone"]')!, '13800138000');
    const send = [...reg.querySelectorAll('button')].find((b) => b.textContent === t.sendCode)!;
    await userEvent.click(send);
    expect(await screen.findByText('please wait 42 s before asking for another code')).toBeInTheDocument();
    expect(send).toHaveTextContent(t.sendCode);
    expect(send).toBeEnabled();
  });

  it('sends a user who arrives logged in back where they came from, not a login made here', async () => {
    const user = {
      id: 'u1',
      phone: '13800000000',
      nickname: 'Li',
      sourcePlaformCode: null,
      isStaff: false,
      createdAt: '',
    };
    serve({});
    // Logging in on this screen: afterLogin leads on, the screen itself does not move.
    wrap(<LoginScreen />);
    act(() => useUserInfo.getState().setUserInfo({ user, status: 'ready' }));
    expect(replace).not.toHaveBeenCalled();
    act(() => useUserInfo.getState().clearUserInfo());

    localStorage.setItem('token', 'tok-old');
    sessionStorage.setItem('loginUrl', '/equitiesCentre/myData');
    wrap(<LoginScreen />);
    act(() => useUserInfo.getState().setUserInfo({ user, status: 'ready' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/equitiesCentre/myData'));
    localStorage.clear();
    act(() => useUserInfo.getState().clearUserInfo());
  });

  it('titles the panel with what it does: log in, register or reset the password', async () => {
    wrap(<LoginScreen />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.title);
    await userEvent.click(screen.getByText(t.tabRegister));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.titleRegister);
    await userEvent.click(screen.getByText(t.tabForget));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.titleForget);
  });

  it('registers with the code and logs the new user in', async () => {
    serve({ UserRegist: { code: 1, data: { token: 'tok-new', expiresAt: '2030-01-01T00:00:00Z' } } });
    wrap(<LoginScreen />);
    await userEvent.click(screen.getByText(t.tabRegister));
    const reg = panel('registerId');
    await userEvent.type(reg.querySelector('#register_phone')!, '13900139000');
    await userEvent.type(screen.getByLabelText(t.code, { selector: '#register_code' }), '123456');
    await userEvent.type(reg.querySelector('#register_password')!, 'short');
    await userEvent.click(reg.querySelector('button[type="submit"]')!);
    expect(await screen.findByText(t.passwordLength)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(reg.querySelector('#register_password')!);
    await userEvent.type(reg.querySelector('#register_password')!, 'longer123');
    // Not without agreeing to the terms and the privacy policy, each a link to its page.
    await userEvent.click(reg.querySelector('button[type="submit"]')!);
    expect(await screen.findByText(t.consentRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: t.consentTerms })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: t.consentPrivacy })).toHaveAttribute('href', '/privacy');
    await userEvent.click(reg.querySelector('#register_consent')!);
    await userEvent.click(reg.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(afterLogin).toHaveBeenCalledWith('tok-new', expect.anything()));
    expect(calls[0]!.body).toEqual({ phone: '13900139000', code: '123456', password: 'longer123' });
  });

  it('after a password reset, returns to the login panel with the phone filled in', async () => {
    serve({ RetrievePassWord: { code: 1, data: null } });
    wrap(<LoginScreen />);
    await userEvent.click(screen.getByText(t.forgotLink));
    const forget = panel('forgetId');
    expect(forget).toBeVisible();
    await userEvent.type(forget.querySelector('#forget_phone')!, '13700137000');
    await userEvent.type(forget.querySelector('#forget_code')!, '654321');
    await userEvent.type(forget.querySelector('#forget_password')!, 'newpass99');
    await act(async () => {
      fireEvent.click(forget.querySelector('button[type="submit"]')!);
    });
    await waitFor(() => expect(panel('loginId')).toBeVisible());
    expect(screen.getByText(t.resetDone)).toBeInTheDocument();
    expect(panel('loginId').querySelector('#login_phone')).toHaveValue('13700137000');
    expect(calls[0]!.body).toEqual({ phone: '13700137000', code: '654321', password: 'newpass99' });
  });
});
