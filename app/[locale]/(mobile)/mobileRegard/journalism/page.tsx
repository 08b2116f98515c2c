import { NewsListPage, newsListMetadata } from '@/app/[locale]/_content/news';

export const generateMetadata = () => newsListMetadata({ category: null, page: 1, mobile: true });

export default function Page() {
  return <NewsListPage category={null} page={1} mobile={true} />;
}
