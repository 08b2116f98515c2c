import { DocPage, docMetadata } from '@/app/[locale]/_content/docs';

// /documents/{info}/* (info = the document id, the rest a readable slug) and
// /documents/documentsInfo?id= (proxy.ts maps it here): rendered on first request, then cached.
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ info: string; slug?: string[] }> };

export async function generateMetadata({ params }: Props) {
  return docMetadata((await params).info);
}

export default async function Page({ params }: Props) {
  return <DocPage info={(await params).info} mobile={false} />;
}
