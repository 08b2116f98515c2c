import { NewsListPage, listParams, newsListMetadata } from '@/app/[locale]/_content/news';

// ?category=…&page=… (proxy.ts turns them into this path): rendered on first request, then cached.
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ category: string; page: string }> };

export async function generateMetadata({ params }: Props) {
  return newsListMetadata({ ...listParams(await params), mobile: true });
}

export default async function Page({ params }: Props) {
  return <NewsListPage {...listParams(await params)} mobile={true} />;
}
