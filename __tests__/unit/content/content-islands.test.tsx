import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ViewCount } from '@/components/content/news/view-count';
import { OpenInApp } from '@/components/content/marketing/open-in-app';
import { RelativeTime } from '@/components/shared/relative-time';
import { contract } from '@/lib/api/contract';
import { NEWS_BY_ID_PATH } from '@/lib/content/paths';
import { appLinkMessages } from '@/lib/device/app-link';
import { flush, mockFetch, ok } from '../api/support/fetch-mock';

describe('RelativeTime', () => {
  it('renders the fixed date on the server and the relative time in the browser', async () => {
    const iso = new Date(Date.now() - 3 * 3600_000).toISOString();
    expect(renderToString(<RelativeTime iso={iso} lang="en" fallback="2025-03-14 08:30" />)).toContain(
      '2025-03-14 08:30',
    );
    render(<RelativeTime iso={iso} lang="zh-CN" fallback="2025-03-14 08:30" />);
    expect(await screen.findByText('3小时前')).toHaveAttribute('datetime', iso);
  });
});

describe('ViewCount', () => {
  it('calls QueryNewsById (which counts the view) once and shows the new count', async () => {
    expect(NEWS_BY_ID_PATH).toBe(contract.QueryNewsById.path);
    const fetchMock = mockFetch({ QueryNewsById: ok({ views: 1235 }) });
    const { rerender } = render(<ViewCount id={7} initial={1234} lang="en" template="{n} views" />);
    expect(screen.getByText('1,234 views')).toBeInTheDocument();
    await act(() => flush());
    expect(screen.getByText('1,235 views')).toBeInTheDocument();
    rerender(<ViewCount id={7} initial={1234} lang="en" template="{n} views" />);
    await act(() => flush());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/core/api/InfoNews/QueryNewsById?id=7&lang=en');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
  });

  it('keeps the rendered count when the call fails', async () => {
    mockFetch({});
    render(<ViewCount id={8} initial={5} lang="zh-CN" template="{n}次阅读" />);
    await act(() => flush());
    expect(screen.getByText('5次阅读')).toBeInTheDocument();
  });
});

describe('OpenInApp', () => {
  it('runs the app-link helper on tap: iOS is told it is not supported, in the page language', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const ua = jest
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      );
    document.documentElement.lang = 'zh-CN';
    render(
      <OpenInApp appLink="yoonopfarm://home" fallbackUrl="/mobileProduct/farming#after-sale" label="在App中打开" />,
    );
    fireEvent.click(screen.getByRole('button', { name: '在App中打开' }));
    await act(() => flush());
    expect(alert).toHaveBeenCalledWith(appLinkMessages['zh-CN'].iosNotSupported);
    alert.mockRestore();
    ua.mockRestore();
  });
});
