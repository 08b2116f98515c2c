import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from '@/components/shared/network/offline-banner';
import { I18nProvider } from '@/lib/i18n/client';
import { en } from '@/lib/i18n/messages/core.en';
import { zhCN } from '@/lib/i18n/messages/core.zh-cn';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  jest.useRealTimers();
  goOnline(true);
});

describe('the offline banner', () => {
  it('says nothing online, says so when the browser goes offline, and "back online" for a moment after', () => {
    jest.useFakeTimers();
    render(
      <I18nProvider locale="en" messages={{ network: en.network }}>
        <OfflineBanner />
      </I18nProvider>,
    );
    const live = screen.getByRole('status');
    expect(live).toBeEmptyDOMElement();
    act(() => goOnline(false));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('You are offline.');
    act(() => goOnline(true));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Back online.');
    act(() => jest.advanceTimersByTime(4000));
    expect(live).toBeEmptyDOMElement();
  });

  it('speaks the page language', () => {
    render(
      <I18nProvider locale="zh-CN" messages={{ network: zhCN.network }}>
        <OfflineBanner />
      </I18nProvider>,
    );
    act(() => goOnline(false));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('当前处于离线状态');
  });
});
