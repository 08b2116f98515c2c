import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { DEFAULT_STALE_TIME_MS, makeQueryClient, shouldRetry } from '@/lib/api/query-client';
import { RequestError } from '@/lib/api/request-error';
import { calledNames, mockFetch, ok } from './support/fetch-mock';

describe('query client retry policy', () => {
  it.each([400, 401, 403, 404, 409, 429, 499])('never retries code %i', (code) => {
    expect(shouldRetry(0, new RequestError(code, 'x'))).toBe(false);
  });

  it.each([0, 500, 503])('retries code %i once', (code) => {
    expect(shouldRetry(0, new RequestError(code, 'x'))).toBe(true);
    expect(shouldRetry(1, new RequestError(code, 'x'))).toBe(false);
  });

  it('keeps data fresh for a while and does not refetch on focus', () => {
    const opts = makeQueryClient().getDefaultOptions().queries;
    expect(opts?.staleTime).toBe(DEFAULT_STALE_TIME_MS);
    expect(DEFAULT_STALE_TIME_MS).toBeGreaterThanOrEqual(10_000);
    expect(opts?.refetchOnWindowFocus).toBe(false);
  });
});

function News({ id }: { id: string }) {
  const q = useApiQuery('QueryNewsById', { query: { id }, skipErrorHandler: true });
  if (q.isError) return <p>error {q.error.code}</p>;
  return <p>{q.isSuccess ? `title ${(q.data as { title: string }).title}` : 'loading'}</p>;
}

function Register() {
  const m = useApiMutation('SendValidateCode');
  return (
    <button type="button" onClick={() => m.mutate({ query: { phone: '13800000000' } })}>
      {m.isSuccess ? 'sent' : 'send'}
    </button>
  );
}

describe('React Query hooks over the API', () => {
  beforeEach(() => localStorage.clear());

  it('useApiQuery loads a call and exposes a 404 as a RequestError without retrying', async () => {
    const fetchMock = mockFetch({
      QueryNewsById: (url) =>
        url.searchParams.get('id') === 'n1' ? ok({ title: 'Rice up 2%' }) : { body: { code: 404, msg: 'not found' } },
    });
    const client = makeQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <News id="n1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('title Rice up 2%')).toBeInTheDocument();

    rerender(
      <QueryClientProvider client={client}>
        <News id="missing" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('error 404')).toBeInTheDocument();
    expect(calledNames(fetchMock)).toEqual(['QueryNewsById', 'QueryNewsById']);
  });

  it('useApiMutation sends the call when mutated', async () => {
    const fetchMock = mockFetch({ SendValidateCode: ok(null) });
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <Register />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'sent' })).toBeInTheDocument());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/core/api/RegistUser/SendValidateCode?phone=13800000000');
  });
});
