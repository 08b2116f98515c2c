import { DirPage, dirMetadata } from '@/app/[locale]/_content/docs';

export const generateMetadata = () => dirMetadata(null);

export default function Page() {
  return <DirPage dirId={null} mobile={true} />;
}
