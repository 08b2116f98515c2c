import { NewsListPage, newsListMetadata } from '@/components/content/news/news-pages';

export const generateMetadata = () => newsListMetadata({ category: null, page: 1, mobile: false });

export default function Page() {
  return <NewsListPage category={null} page={1} mobile={false} />;
}
