// The audit log's and the versions' field-by-field table (docs/console.md "Audit log") shows a
// stored instant in Beijing time, as the log's own time column does, with the stored value on
// hover; any other value as stored.
import '../components/support/message-channel';
import { render, screen, within } from '@testing-library/react';
import { DiffTable } from '@/components/console/shared/diff-table';
import { ConsoleI18nProvider } from '@/components/console/i18n';
import { consoleDictionaries } from '@/lib/i18n/console';

function show(before: unknown, after: unknown) {
  render(
    <ConsoleI18nProvider locale="en" messages={consoleDictionaries.en}>
      <DiffTable before={before} after={after} />
    </ConsoleI18nProvider>,
  );
}

describe('the diff table', () => {
  it('writes a changed publication time in Beijing time to the second, the stored value on hover', () => {
    show(
      { publishedAt: '2026-11-29T03:14:52.000Z', title: 'Rice 2026-11-29T03:14' },
      { publishedAt: '2026-11-29T16:00:05Z', title: 'Rice 2026-11-29T03:14, revised' },
    );
    const row = screen.getByText('publishedAt').closest('tr')!;
    expect(within(row).getByText('2026-11-29 11:14:52')).toHaveAttribute('title', '2026-11-29T03:14:52.000Z');
    // 16:00 UTC is past midnight in Beijing: the next day.
    expect(within(row).getByText('2026-11-30 00:00:05')).toHaveAttribute('title', '2026-11-29T16:00:05Z');
    // A text that merely holds a date stays as written.
    const title = screen.getByText('title').closest('tr')!;
    expect(within(title).getByText('Rice 2026-11-29T03:14')).not.toHaveAttribute('title');
  });
});
