import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import GlobalError from '@/app/global-error';
import { isChunkLoadError } from '@/lib/api/chunk-errors';
import { ChunkErrorBoundary } from '@/components/shared/chunk-error/chunk-error-boundary';

const chunkError = () =>
  Object.assign(new Error('Loading chunk 732 failed.\n(error: https://x/_next/static/chunks/732.js)'), {
    name: 'ChunkLoadError',
  });

describe('isChunkLoadError (docs/screens.md)', () => {
  it.each([
    ['webpack ChunkLoadError', chunkError()],
    ['by message only', new Error('Loading chunk app/functionality/page failed.')],
    ['CSS chunk', new Error('Loading CSS chunk 12 failed. (https://x/_next/static/css/12.css)')],
    ['Turbopack', new Error('Failed to load chunk /_next/static/chunks/abc.js from module 123')],
    ['Chrome dynamic import', new TypeError('Failed to fetch dynamically imported module: https://x/chunk.js')],
    ['Firefox dynamic import', new TypeError('error loading dynamically imported module: https://x/chunk.js')],
    ['Safari dynamic import', new TypeError('Importing a module script failed.')],
  ])('recognises %s', (_label, err) => {
    expect(isChunkLoadError(err)).toBe(true);
  });

  it.each([
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['a network RequestError-like value', { code: 0, msg: 'network request failed, please try again later' }],
    ['null', null],
    ['a string', 'oops'],
  ])('does not treat %s as a chunk failure', (_label, err) => {
    expect(isChunkLoadError(err)).toBe(false);
  });
});

function Throws({ error }: { error: unknown }): never {
  throw error;
}

// React logs caught render errors; keep the output readable.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  document.documentElement.lang = 'en';
});
afterEach(() => consoleError.mockRestore());

describe('ChunkErrorBoundary', () => {
  it('shows the chunk message and reloads the page on Reload', () => {
    const reload = jest.fn();
    render(
      <ChunkErrorBoundary onReload={reload}>
        <Throws error={chunkError()} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the page failed to load. Check your connection and reload.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese on a zh-CN page', () => {
    document.documentElement.lang = 'zh-CN';
    render(
      <ChunkErrorBoundary onReload={jest.fn()}>
        <Throws error={new Error('Loading CSS chunk 3 failed')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面的这部分加载失败。请检查网络连接后重新加载。');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('shows a generic message for other errors, and Try again renders the part again', () => {
    const reload = jest.fn();
    function Flaky() {
      const [broken] = useState(() => (globalThis as { broken?: boolean }).broken);
      if (broken) throw new Error('boom');
      return <p>chart ready</p>;
    }
    (globalThis as { broken?: boolean }).broken = true;
    render(
      <ChunkErrorBoundary onReload={reload}>
        <Flaky />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    (globalThis as { broken?: boolean }).broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('chart ready')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('without <html lang> (as in global-error) follows the locale cookie', () => {
    document.documentElement.lang = '';
    document.cookie = 'locale=zh-CN; path=/';
    render(
      <ChunkErrorBoundary onReload={jest.fn()}>
        <Throws error={new Error('boom')} />
      </ChunkErrorBoundary>,
    );
    document.cookie = 'locale=; max-age=0; path=/';
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ChunkErrorBoundary>
        <p>fine</p>
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});

describe('app/global-error', () => {
  it('renders its own <html> and <body> with the same view', () => {
    const markup = renderToStaticMarkup(<GlobalError error={chunkError()} retry={jest.fn()} />);
    expect(markup).toMatch(/^<html>(<head><\/head>)?<body[^>]*><div role="alert"/);
    expect(markup).toContain('This part of the page failed to load. Check your connection and reload.');
  });

  it('retries through Next’s retry (or reset) callback', async () => {
    // A document of its own: global-error owns <html>, and React listens for clicks on its root.
    const doc = document.implementation.createHTMLDocument('');
    const root = createRoot(doc);
    const retry = jest.fn();
    const reset = jest.fn();
    await act(async () => root.render(<GlobalError error={new Error('root layout failed')} retry={retry} />));
    const button = () => doc.querySelector('button') as HTMLButtonElement;
    expect(doc.body.textContent).toBe('Something went wrong.Try again');
    act(() => button().click());
    await act(async () => root.render(<GlobalError error={new Error('root layout failed')} reset={reset} />));
    act(() => button().click());
    expect(retry).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await act(async () => root.unmount());
  });
});
