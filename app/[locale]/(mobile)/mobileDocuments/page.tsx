import { DirPage, dirMetadata } from '@/components/content/docs/docs-pages';

export const generateMetadata = () => dirMetadata(null);

export default function Page() {
  return <DirPage dirId={null} mobile={true} />;
}
