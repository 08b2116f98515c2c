import { ForecastRecord, forecastRecordMetadata } from '@/app/[locale]/_content/forecast-record';

export const generateMetadata = forecastRecordMetadata;

// The record is rewritten by every import that changes a real series.
export const revalidate = 300;

export default function Page() {
  return <ForecastRecord mobile={false} />;
}
