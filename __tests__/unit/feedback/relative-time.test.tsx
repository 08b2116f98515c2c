import { act, render, screen } from '@testing-library/react';
import { RelativeTime } from '@/components/shared/relative-time';
import { I18nProvider } from '@/lib/i18n/client';

afterEach(() => jest.useRealTimers());

const at = (locale: 'en' | 'zh-CN', iso: string) =>
  render(
    <I18nProvider locale={locale} messages={{}}>
      <RelativeTime iso={iso} />
    </I18nProvider>,
  );

describe('relative times in the feedback thread (docs/screens.md)', () => {
  it('says "just now", then moves on by itself without a reload', () => {
    jest.useFakeTimers({ now: Date.parse('2030-05-01T10:00:30Z') });
    at('en', '2030-05-01T10:00:00Z');
    expect(screen.getByText('just now')).toHaveAttribute('datetime', '2030-05-01T10:00:00Z');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
  });

  it('speaks the page language', () => {
    jest.useFakeTimers({ now: Date.parse('2030-05-01T13:00:00Z') });
    at('zh-CN', '2030-05-01T10:00:00Z');
    expect(screen.getByText('3小时前')).toBeInTheDocument();
  });

  it('shows a reply a little ahead of this device’s clock as "just now", not blank', () => {
    jest.useFakeTimers({ now: Date.parse('2030-05-01T10:00:00Z') });
    at('en', '2030-05-01T10:00:02Z');
    expect(screen.getByText('just now')).toBeInTheDocument();
  });
});
