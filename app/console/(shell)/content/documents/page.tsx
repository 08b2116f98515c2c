import { DocumentListPage } from '@/components/console/content/document-list-page';

export default function ConsoleDocumentsPage() {
  return <DocumentListPage />;
}
