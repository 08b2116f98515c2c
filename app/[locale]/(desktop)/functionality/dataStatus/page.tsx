import { DataStatus, dataStatusMetadata } from '@/app/[locale]/_content/data-status';

export const generateMetadata = dataStatusMetadata;

// Read from the data; an import shows here within a minute.
export const revalidate = 60;

export default function Page() {
  return <DataStatus mobile={false} />;
}
