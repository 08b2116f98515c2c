import { NewsArticlePage, newsArticleMetadata } from '@/app/[locale]/_content/news';

// Rendered on first request, then served from the cache until news changes (lib/server/services/content/revalidate.ts).
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return newsArticleMetadata((await params).id);
}

export default async function Page({ params }: Props) {
  return <NewsArticlePage id={(await params).id} mobile={false} />;
}
