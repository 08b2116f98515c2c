import { describe, expect, it, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { RequestError } from '@/lib/api/request-error';
import { marketEn } from '@/lib/i18n/messages/market.en';
import { ResultView } from '@/components/shared/market/ui/parts';

const refused = (data: unknown) =>
  new RequestError(403, 'Shandong: Regional price history is part of a membership or a regional data product', data);

describe('lock in place of a refused chart (docs/access-policy.md)', () => {
  it('shows the reason and the actions that unlock it: upgrade and buy, with their pages', () => {
    render(
      <ResultView
        data={refused({
          reason: 'region',
          level: { code: 'silver', name: 'Silver' },
          dataProduct: { code: 'DP-VEGETABLES', name: 'Vegetable regional data' },
        })}
        loading={false}
        t={marketEn}
      >
        {() => <p>chart</p>}
      </ResultView>,
    );
    expect(screen.getByTestId('lock')).toHaveAttribute('data-reason', 'region');
    expect(screen.getByText(/Regional price history is part of a membership/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Silver' })).toHaveAttribute('href', '/equitiesCentre/member');
    expect(screen.getByRole('link', { name: 'Buy Vegetable regional data' })).toHaveAttribute(
      'href',
      '/equitiesCentre/purchaseDataContent?product=DP-VEGETABLES',
    );
    expect(screen.queryByText('chart')).toBeNull();
  });

  it('offers to show the part the viewer may see', () => {
    const onShowFrom = jest.fn();
    render(
      <ResultView
        data={refused({ reason: 'history', login: true, allowedFrom: '2026-08-24' })}
        loading={false}
        t={marketEn}
        onShowFrom={onShowFrom}
      >
        {() => null}
      </ResultView>,
    );
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show from 2026-08-24' }));
    expect(onShowFrom).toHaveBeenCalledWith('2026-08-24');
  });

  it('shows any other error in place with a retry, and a skeleton while loading', () => {
    const onRetry = jest.fn();
    const { rerender } = render(
      <ResultView
        data={new RequestError(500, 'server busy, please try again later')}
        loading={false}
        t={marketEn}
        onRetry={onRetry}
      >
        {() => null}
      </ResultView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('server busy, please try again later');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(
      <ResultView data={null} loading t={marketEn}>
        {() => null}
      </ResultView>,
    );
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
  });
});
