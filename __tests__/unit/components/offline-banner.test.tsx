import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from '@/components/shared/network/offline-banner';
import { OFFLINE_BAR_SLOT } from '@/components/shared/network/offline-slot';
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

  it('on a desktop page is a line of the header, and the live region still says it', () => {
    const slot = document.createElement('div');
    slot.id = OFFLINE_BAR_SLOT;
    document.body.append(slot);
    try {
      render(
        <I18nProvider locale="en" messages={{ network: en.network }}>
          <OfflineBanner />
        </I18nProvider>,
      );
      act(() => goOnline(false));
      const banner = screen.getByTestId('offline-banner');
      expect(slot).toContainElement(banner);
      expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
      expect(screen.getByRole('status')).not.toContainElement(banner);
    } finally {
      slot.remove();
    }
  });
});
