import { NewsListPage } from '@/components/console/content/news-list-page';

export default function ConsoleNewsPage() {
  return <NewsListPage />;
}
