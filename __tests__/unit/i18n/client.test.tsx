import { render, screen } from '@testing-library/react';
import { I18nProvider, useLocale, useT } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { zhCN } from '@/lib/i18n/messages/core.zh-cn';

function Probe() {
  const menu = useT('userMenu');
  const login = useT('login');
  return (
    <p>
      {useLocale()}|{menu.logout}|{login.sendCode}
    </p>
  );
}

function NeedsHome() {
  return <p>{useT('home').heroTitle}</p>;
}

describe('client i18n', () => {
  it('merges the namespaces of nested providers and keeps the outer locale', () => {
    render(
      <I18nProvider locale="zh-CN" messages={{ userMenu: zhCN.userMenu }}>
        <I18nProvider messages={{ login: zhCN.login }}>
          <Probe />
        </I18nProvider>
      </I18nProvider>,
    );
    expect(screen.getByText(`zh-CN|${zhCN.userMenu.logout}|${zhCN.login.sendCode}`)).toBeInTheDocument();
  });

  it('fails loudly when a namespace was not passed down', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <I18nProvider locale="en" messages={{ login: en.login }}>
          <NeedsHome />
        </I18nProvider>,
      ),
    ).toThrow('namespace "home"');
    spy.mockRestore();
  });
});
