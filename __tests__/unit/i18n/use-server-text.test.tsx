import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@/lib/i18n/client';
import { useServerText } from '@/lib/i18n/use-server-text';

function Refusal() {
  const text = useServerText();
  return <p data-testid="refusal">{text({ key: 'errors.serverBusy' }, 'The server is busy')}</p>;
}

describe('a server message in the page’s language', () => {
  it('shows no English on a Chinese page while the catalogue loads, then the Chinese text', async () => {
    render(
      <I18nProvider locale="zh-CN" messages={{}}>
        <Refusal />
      </I18nProvider>,
    );
    expect(screen.getByTestId('refusal').textContent).toBe('');
    // The chunk is compiled on first import in a test: give it time a busy machine needs.
    expect(await screen.findByText('服务器繁忙，请稍后再试', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows the English at once on an English page', () => {
    render(
      <I18nProvider locale="en" messages={{}}>
        <Refusal />
      </I18nProvider>,
    );
    expect(screen.getByTestId('refusal').textContent).toBe('The server is busy');
  });
});
