import { render, screen, waitFor } from '@testing-library/react';
import { Correspondence } from '@/components/shared/correspondence/correspondence';
import { RequestError } from '@/lib/api/request-error';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { api } from '@/lib/api/client';
import { afterLogin } from '@/stores/session';

jest.mock('@/lib/api/client', () => ({ api: { PlatformTokenLicense: jest.fn() } }));
jest.mock('@/stores/session', () => ({ afterLogin: jest.fn().mockResolvedValue(undefined) }));

const license = api.PlatformTokenLicense as jest.Mock;
const t = en.correspondence;
let seq = 0;
const show = (token = `tok-${++seq}`) =>
  render(
    <I18nProvider locale="en" messages={{ correspondence: t }}>
      <Correspondence token={token} />
    </I18nProvider>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

describe('/correspondence/{token}', () => {
  it('exchanges the token once, stores the session like a login and goes to the return path', async () => {
    license.mockResolvedValue({
      token: 'session-1',
      expiresAt: '2030-01-01T00:00:00Z',
      returnPath: '/feedback?x=1',
      isNewUser: true,
      plaformKey: 'farming',
    });
    show('tok-a');
    expect(screen.getByRole('status')).toHaveTextContent(t.working);
    await waitFor(() =>
      expect(afterLogin).toHaveBeenCalledWith('session-1', expect.objectContaining({ navigate: expect.any(Function) })),
    );
    expect(license).toHaveBeenCalledTimes(1);
    expect(license).toHaveBeenCalledWith({ query: { token: 'tok-a' }, skipErrorHandler: true });
    // afterLogin goes to sessionStorage loginUrl: the token's return path.
    expect(sessionStorage.getItem('loginUrl')).toBe('/feedback?x=1');
  });

  it('never follows a return path off the site', async () => {
    license.mockResolvedValue({
      token: 'session-2',
      expiresAt: '2030-01-01T00:00:00Z',
      returnPath: '//evil.example/x',
      isNewUser: false,
      plaformKey: 'farming',
    });
    show();
    await waitFor(() => expect(afterLogin).toHaveBeenCalled());
    expect(sessionStorage.getItem('loginUrl')).toBe('/');
  });

  it.each([
    ['used', t.used],
    ['expired', t.expired],
    ['lifetime', t.expired],
    ['signature', t.invalid],
    ['returnPath', t.invalid],
  ])('explains a refused token (%s) and offers the password login', async (reason, text) => {
    license.mockRejectedValue(new RequestError(400, `token: refused (${reason})`, { reason }));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t.failedTitle);
    expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: t.loginInstead })).toHaveAttribute('href', '/login');
    // Only the plain explanation: not the server's technical English beside it.
    expect(alert).not.toHaveTextContent('token:');
    expect(afterLogin).not.toHaveBeenCalled();
  });

  it('titles the tab with the failure, not "Signing you in"', async () => {
    document.title = `${t.title} | Brand`;
    license.mockRejectedValue(new RequestError(400, 'token: refused (used)', { reason: 'used' }));
    show();
    await screen.findByRole('alert');
    await waitFor(() => expect(document.title).toBe(`${t.failedTitle} | Brand`));
  });

  it('titles the tab with the failure when the page title arrives after it', async () => {
    for (const el of document.querySelectorAll('title')) el.remove();
    license.mockRejectedValue(new RequestError(400, 'token: refused (used)', { reason: 'used' }));
    show();
    await screen.findByRole('alert');
    // Next streams a dynamic page's metadata: its <title> can land after the exchange has failed.
    const late = document.createElement('title');
    late.textContent = `${t.title} | Brand`;
    document.head.append(late);
    await waitFor(() => expect(document.title).toBe(`${t.failedTitle} | Brand`));
    late.remove();
  });

  it('shows the message of any other failure', async () => {
    license.mockRejectedValue(new RequestError(0, 'network request failed, please try again later'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in did not work: network request failed, please try again later',
    );
  });
});
