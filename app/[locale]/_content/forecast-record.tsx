import type { Metadata } from 'next';
import { ForecastRecordPage, recordTexts } from '@/components/content/forecast-record/forecast-record-page';
import { FORECAST_RECORD_PATH } from '@/components/shared/market/forecast-record-path';
import { getLocale } from '@/lib/i18n/server';
import { getDb } from '@/lib/server/db/client';
import { MIN_OBSERVED } from '@/lib/server/market/forecast';
import { recordView } from '@/lib/server/services/market/forecast-record/read';
import { pageAlternates } from '@/lib/seo/page-alternates';

/** /functionality/forecastRecord and its mobile page: the published forecast record, read from the database. */
export async function ForecastRecord({ mobile }: { mobile: boolean }) {
  const locale = await getLocale();
  const view = await recordView(await getDb(), locale);
  return <ForecastRecordPage mobile={mobile} locale={locale} view={view} needed={MIN_OBSERVED} />;
}

export async function forecastRecordMetadata(): Promise<Metadata> {
  const t = recordTexts(await getLocale());
  return { title: t.title, description: t.description, alternates: await pageAlternates(FORECAST_RECORD_PATH) };
}
