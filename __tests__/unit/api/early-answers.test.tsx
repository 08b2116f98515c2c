import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { apiQueryKey, startEarly, useApiQuery } from '@/lib/api/hooks';
import { makeQueryClient } from '@/lib/api/query-client';
import { calledNames, flush, mockFetch, ok } from './support/fetch-mock';

function News({ id, own }: { id: string; own: boolean }) {
  const q = useApiQuery('QueryNewsById', { query: { id }, skipErrorHandler: own }, { retry: false });
  if (q.isError) return <p>error {q.error.code}</p>;
  return <p>{q.isSuccess ? `title ${(q.data as { title: string }).title}` : 'loading'}</p>;
}

const show = (id: string, own = true) => {
  const client = makeQueryClient();
  render(
    <QueryClientProvider client={client}>
      <News id={id} own={own} />
    </QueryClientProvider>,
  );
  return client;
};

describe('calls asked before the page hydrated', () => {
  beforeEach(() => localStorage.clear());

  it('are taken by the query that asks the same, which does not ask again', async () => {
    const fetchMock = mockFetch({ QueryNewsById: ok({ title: 'Rice up 2%' }) });
    void startEarly('QueryNewsById', { query: { id: 'e1' } });
    await flush();
    const client = makeQueryClient();
    // Until the page's own query asks, the answer is not in its cache: hydration renders what the server did.
    expect(client.getQueryData(apiQueryKey('QueryNewsById', { query: { id: 'e1' } }))).toBeUndefined();
    render(
      <QueryClientProvider client={client}>
        <News id="e1" own />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('title Rice up 2%')).toBeInTheDocument();
    expect(calledNames(fetchMock)).toEqual(['QueryNewsById']);
  });

  it('hand over a refusal once to a query that shows its own errors (it is not asked twice)', async () => {
    const fetchMock = mockFetch({ QueryNewsById: { status: 200, body: { code: 403, msg: 'members only' } } });
    void startEarly('QueryNewsById', { query: { id: 'e2' } });
    show('e2');
    expect(await screen.findByText('error 403')).toBeInTheDocument();
    expect(calledNames(fetchMock)).toEqual(['QueryNewsById']);
  });

  it('are asked again by a query whose errors go to the dialog, so its failure reaches the dialog', async () => {
    let n = 0;
    const fetchMock = mockFetch({
      QueryNewsById: () => (++n === 1 ? { body: { code: 404, msg: 'gone' } } : ok({ title: 'Back' })),
    });
    void startEarly('QueryNewsById', { query: { id: 'e3' } });
    show('e3', false);
    expect(await screen.findByText('title Back')).toBeInTheDocument();
    expect(calledNames(fetchMock)).toEqual(['QueryNewsById', 'QueryNewsById']);
  });

  it('are not used for another question, and are taken only once', async () => {
    const fetchMock = mockFetch({ QueryNewsById: (url) => ok({ title: `news ${url.searchParams.get('id')}` }) });
    void startEarly('QueryNewsById', { query: { id: 'e4' } });
    show('other');
    expect(await screen.findByText('title news other')).toBeInTheDocument();
    show('e4');
    expect(await screen.findByText('title news e4')).toBeInTheDocument();
    show('e4');
    await flush();
    expect(calledNames(fetchMock)).toEqual(['QueryNewsById', 'QueryNewsById', 'QueryNewsById']);
  });
});
