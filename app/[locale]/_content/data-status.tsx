import 'server-only';
import type { Metadata } from 'next';
import { DataStatusPage } from '@/components/content/data-status/data-status-page';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { getDb } from '@/lib/server/db/client';
import { dataStatus } from '@/lib/server/services/market/read/data-status';
import { todayUtc } from '@/lib/shared/dates';
import { DATA_STATUS_PATH } from '@/lib/routing/sections';
import { pageAlternates } from '@/lib/seo/page-alternates';

export async function dataStatusMetadata(): Promise<Metadata> {
  const t = (await getMessages()).dataStatus;
  return { title: t.title, description: t.ratesLead, alternates: await pageAlternates(DATA_STATUS_PATH) };
}

/** /functionality/dataStatus (and its phone page): what the data covers, read from the database. */
export async function DataStatus({ mobile }: { mobile: boolean }) {
  const locale = await getLocale();
  const messages = await getMessages(locale);
  const status = await dataStatus(await getDb(), locale, todayUtc(new Date()));
  return (
    <DataStatusPage
      status={status}
      t={messages.dataStatus}
      locale={locale}
      mobile={mobile}
      marketPath={mobile ? '/mobileFunctionality' : '/functionality'}
    />
  );
}
