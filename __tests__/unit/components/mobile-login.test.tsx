import './support/message-channel';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MobileLoginScreen } from '@/components/mobile/login/mobile-login-screen';
import { makeQueryClient } from '@/lib/api/query-client';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { zhCN } from '@/lib/i18n/messages/core.zh-cn';
import type { Messages } from '@/lib/i18n/types';
import { afterLogin } from '@/stores/session';

jest.mock('@/stores/session', () => ({ afterLogin: jest.fn().mockResolvedValue(undefined), logout: jest.fn() }));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => '/mobileLogin',
}));

let bodies: unknown[] = [];
function serve(answer: unknown) {
  bodies = [];
  global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(init?.body ? JSON.parse(init.body as string) : undefined);
    return { status: 200, headers: new Headers(), json: async () => answer } as Response;
  }) as jest.Mock;
}

const renderScreen = (m: Messages = en, locale: 'en' | 'zh-CN' = 'en') =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <I18nProvider locale={locale} messages={{ login: m.login, errors: m.errors }}>
        <MobileLoginScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/mobileLogin');
});

describe('mobile login screen', () => {
  it('renders the three panels with the spec ids', () => {
    serve({ code: 1, data: null });
    renderScreen();
    for (const id of ['loginId', 'registerId', 'forgetId']) expect(document.getElementById(id)).not.toBeNull();
  });

  it('validates, shows the server message, and logs in on success', async () => {
    serve({ code: 0, msg: 'wrong phone number or password' });
    renderScreen();
    const login = document.getElementById('loginId')!;
    const submit = () => userEvent.click(login.querySelector('button[type="submit"]')!);

    await userEvent.type(screen.getByLabelText(en.login.phone, { selector: '#m-login_phone' }), '1380013');
    await userEvent.type(screen.getByLabelText(en.login.password, { selector: '#m-login_password' }), 'pw123456');
    await submit();
    expect(await screen.findByText(en.login.invalidPhone)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(en.login.phone, { selector: '#m-login_phone' }), '8000');
    await submit();
    expect(await screen.findByText('wrong phone number or password')).toHaveAttribute('role', 'alert');

    serve({ code: 1, data: { token: 'm-tok', expiresAt: '2030-01-01T00:00:00Z' } });
    await submit();
    await waitFor(() => expect(afterLogin).toHaveBeenCalledWith('m-tok', expect.objectContaining({ fallback: '/' })));
    expect(bodies[0]).toEqual({ phone: '13800138000', password: 'pw123456' });
  });

  it('speaks Chinese when the page is in Chinese', () => {
    serve({ code: 1, data: null });
    renderScreen(zhCN, 'zh-CN');
    expect(screen.getAllByText(zhCN.login.tabRegister).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(zhCN.login.phone, { selector: '#m-login_phone' })).toBeInTheDocument();
  });
});
