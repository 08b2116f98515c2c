import { notFound } from 'next/navigation';
import { NewsEditorPage } from '@/components/console/content/news-editor-page';

/** /console/content/news/new, or an article's id. */
export default async function ConsoleNewsEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (id !== 'new' && !/^[1-9]\d{0,9}$/.test(id)) notFound();
  return <NewsEditorPage id={id === 'new' ? null : Number(id)} />;
}
