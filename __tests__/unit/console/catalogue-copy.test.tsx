// The console's levels & products screen (docs/console.md "Levels and data products") reads right
// in both languages: a price line with the language's colon, "1 month" in the singular, and the
// history privilege with its unit in the table and in the editor.
import '../components/support/message-channel';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { CataloguePage } from '@/components/console/commerce-catalogue/catalogue-page';
import { ConsoleI18nProvider } from '@/components/console/i18n';
import { MeContext } from '@/components/console/shell/me';
import type { Catalogue } from '@/lib/api/console/schemas/commerce-catalogue';
import type { ConsoleMe } from '@/lib/api/console/schemas/staff';
import { consoleDictionaries } from '@/lib/i18n/console';
import type { Locale } from '@/lib/shared/locale';
import { mockFetch, ok } from '../api/support/fetch-mock';

const catalogue: Catalogue = {
  levels: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      code: 'silver',
      nameZh: '白银会员',
      nameEn: 'Silver',
      rank: 1,
      forSale: true,
      privileges: {
        historyMonths: 1,
        regionDepth: 'province',
        forecast: false,
        export: true,
        dataProductDiscountPct: 5,
      },
      prices: [
        { months: 1, priceFen: 1990 },
        { months: 3, priceFen: 4990 },
        { months: 12, priceFen: 15990 },
      ],
    },
  ],
  products: [],
};

// In jsdom, role queries on this antd screen cost seconds each (a cell by name took 5 s, and the
// file timed out on a busy 2-core CI host): cells are found by their text, and role queries skip
// the visibility check, which reads the computed style of every ancestor of every candidate.
// Nothing on this screen is hidden that a query here could match.
const FAST = { hidden: true } as const;

const me = { roles: ['admin'] } as unknown as ConsoleMe;

function Frame({ locale, children }: { locale: Locale; children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    // As the console's providers set it: no space inserted into two-character Chinese labels.
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <ConsoleI18nProvider locale={locale} messages={consoleDictionaries[locale]}>
          <QueryClientProvider client={client}>
            <MeContext.Provider value={me}>{children}</MeContext.Provider>
          </QueryClientProvider>
        </ConsoleI18nProvider>
      </App>
    </ConfigProvider>
  );
}

describe('levels & products copy', () => {
  it('English: "1 mo: CN¥19.90", "1 month" of history, "Price for 1 month", the history field in months', async () => {
    mockFetch({ ConsoleCommerceCatalogue: ok(catalogue) });
    render(
      <Frame locale="en">
        <CataloguePage />
      </Frame>,
    );
    const prices = await screen.findByTestId('level-prices-silver');
    // English names the currency CN¥ (Intl's English symbol for the yuan).
    expect(prices).toHaveTextContent('1 mo: CN¥19.90');
    expect(prices).toHaveTextContent('12 mo: CN¥159.90');
    // One line each: "12 mo:" is never left above its price in a narrow column.
    for (const line of prices.querySelectorAll('span')) expect(line).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByText('1 month', { selector: 'td' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit', ...FAST }));
    const dialog = await screen.findByRole('dialog', FAST);
    expect(within(dialog).getByText('Price for 1 month (¥)')).toBeInTheDocument();
    expect(within(dialog).getByText('Price for 3 months (¥)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/1 months/)).toBeNull();
    const history = within(dialog).getByLabelText('History members see');
    expect(history).toHaveValue('1');
    expect(history.closest('.ant-input-number')).toHaveTextContent('months');
  });

  it('Chinese: "1 个月：¥19.90" with the full-width colon, and the history field in 个月', async () => {
    mockFetch({ ConsoleCommerceCatalogue: ok(catalogue) });
    render(
      <Frame locale="zh-CN">
        <CataloguePage />
      </Frame>,
    );
    const prices = await screen.findByTestId('level-prices-silver');
    expect(prices).toHaveTextContent('1 个月：¥19.90');
    expect(prices.textContent).not.toContain(':');
    expect(screen.getByText('1 个月', { selector: 'td' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '编辑', ...FAST }));
    const dialog = await screen.findByRole('dialog', FAST);
    expect(within(dialog).getByText('1 个月价格（¥）')).toBeInTheDocument();
    const history = within(dialog).getByLabelText('会员可查的历史数据');
    expect(history.closest('.ant-input-number')).toHaveTextContent('个月');
  });
});
