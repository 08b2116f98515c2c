import { NewsListPage, newsListMetadata, searchArgs } from '@/app/[locale]/_content/news';

// ?keyword=… : full-text search, rendered per request (and not indexed).
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  return newsListMetadata({ ...searchArgs(await searchParams), mobile: true });
}

export default async function Page({ searchParams }: Props) {
  return <NewsListPage {...searchArgs(await searchParams)} mobile={true} />;
}
