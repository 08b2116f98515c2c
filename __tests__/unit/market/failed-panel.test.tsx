import { describe, expect, it, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MSG_NETWORK_FAILED, MSG_TIMED_OUT, RequestError } from '@/lib/api/request-error';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { marketZhCN } from '@/lib/i18n/messages/market.zh-cn';
import { ResultView } from '@/components/shared/market/ui/parts';

// docs/screens.md, "Bad connections": a panel that cannot load its new view says why, offers
// Retry, and keeps what it had on screen, with the time it was loaded.
const AT = Date.UTC(2026, 10, 27, 1, 5); // 09:05 in Beijing
const chart = (d: { label: string }) => <p>chart of {d.label}</p>;

describe('a panel whose call failed', () => {
  it('keeps the last answer below the failure, says when it was loaded, and retries', () => {
    const onRetry = jest.fn();
    render(
      <ResultView
        data={new RequestError(0, MSG_NETWORK_FAILED)}
        loading={false}
        t={marketEn}
        onRetry={onRetry}
        previous={{ data: { label: '90 days' }, at: AT }}
      >
        {chart}
      </ResultView>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No connection: this could not be loaded.');
    expect(alert).toHaveTextContent('Showing what was loaded at 2026-11-27 09:05.');
    expect(screen.getByTestId('previous-answer')).toHaveTextContent('chart of 90 days');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says a slow link timed out, in the page’s language without the server catalogue', () => {
    render(
      <ResultView data={new RequestError(0, MSG_TIMED_OUT)} loading={false} t={marketZhCN} onRetry={() => {}}>
        {chart}
      </ResultView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('网络太慢，加载超时。');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.queryByTestId('previous-answer')).toBeNull();
  });

  it('shows a skeleton while loading, never the "–" of no data', () => {
    render(
      <ResultView data={null} loading t={marketEn} previous={{ data: { label: 'x' }, at: AT }}>
        {chart}
      </ResultView>,
    );
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(document.body).not.toHaveTextContent('–');
  });

  it('says an answer is an offline copy, with the time it was loaded', async () => {
    const { mockFetch } = await import('../api/support/fetch-mock');
    const { request } = await import('@/lib/api/request');
    mockFetch({
      PriceTrend: {
        body: { code: 1, data: { label: 'pork' } },
        headers: { 'x-offline-copy': new Date(AT).toISOString() },
      },
    });
    const copy = (await request('PriceTrend', { body: { productCode: 'pork' } })) as unknown as { label: string };
    render(
      <ResultView data={copy} loading={false} t={marketEn}>
        {chart}
      </ResultView>,
    );
    expect(screen.getByTestId('offline-copy')).toHaveTextContent('Offline copy: as loaded at 2026-11-27 09:05.');
    expect(screen.getByText('chart of pork')).toBeInTheDocument();
  });
});
