import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserMenu } from '@/components/desktop/user-menu';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { logout } from '@/stores/session';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { sessionUser } from '../../support/session-user';

jest.mock('@/stores/session', () => ({ logout: jest.fn().mockResolvedValue(undefined), afterLogin: jest.fn() }));
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn() }), usePathname: () => '/' }));

const t = en.userMenu;
const user = sessionUser;
const renderMenu = () =>
  render(
    <I18nProvider locale="en" messages={{ userMenu: t }}>
      <UserMenu />
    </I18nProvider>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  useUserInfo.setState({ ...emptyUserInfo });
});

describe('header user menu', () => {
  it('offers "Log in" to a visitor', () => {
    useUserInfo.setState({ status: 'anonymous' });
    renderMenu();
    expect(screen.getByRole('link', { name: t.login })).toHaveAttribute('href', '/login');
  });

  it('shows neither "Log in" nor a name while the session is still loading', () => {
    useUserInfo.setState({ status: 'loading' });
    renderMenu();
    expect(screen.queryByRole('link', { name: t.login })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the nickname and an account menu once logged in', async () => {
    useUserInfo.setState({ status: 'ready', user });
    renderMenu();
    const trigger = screen.getByRole('button', { name: /Li Wei/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: t.myMembership })).toBeNull();

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The button is the avatar alone (the header's room goes to the menu); the open menu names the user.
    expect(within(screen.getByRole('list')).getByText('Li Wei')).toBeVisible();
    expect(screen.getByRole('link', { name: t.myMembership })).toHaveAttribute('href', '/equitiesCentre/memberCentre');
    expect(screen.getByRole('link', { name: t.myData })).toHaveAttribute('href', '/equitiesCentre/myData');
    expect(screen.getByRole('link', { name: t.purchaseRecords })).toHaveAttribute(
      'href',
      '/equitiesCentre/purchaseRecord',
    );
    expect(screen.getByRole('link', { name: t.myFeedback })).toHaveAttribute('href', '/feedback');

    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('logs out and goes home', async () => {
    useUserInfo.setState({ status: 'ready', user });
    (logout as jest.Mock).mockImplementation(async () => useUserInfo.getState().clearUserInfo());
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /Li Wei/ }));
    await userEvent.click(screen.getByRole('button', { name: t.logout }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: t.login })).toBeInTheDocument();
  });

  it('falls back to the phone number when there is no nickname', () => {
    useUserInfo.setState({ status: 'ready', user: { ...user, nickname: '' } });
    renderMenu();
    expect(screen.getByRole('button', { name: /13800138000/ })).toBeInTheDocument();
  });
});
