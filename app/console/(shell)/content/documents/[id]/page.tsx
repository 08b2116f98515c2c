import { notFound } from 'next/navigation';
import { DocumentEditorPage } from '@/components/console/content/document-editor-page';

const ID = /^[1-9]\d{0,9}$/;

/** /console/content/documents/new (`?dir=` names its directory), or a document's id. */
export default async function ConsoleDocumentEditorPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ dir?: string | string[] }>;
}) {
  const { id } = await params;
  if (id !== 'new' && !ID.test(id)) notFound();
  const { dir } = await searchParams;
  const dirId = typeof dir === 'string' && ID.test(dir) ? Number(dir) : null;
  return <DocumentEditorPage id={id === 'new' ? null : Number(id)} dirId={dirId} />;
}
