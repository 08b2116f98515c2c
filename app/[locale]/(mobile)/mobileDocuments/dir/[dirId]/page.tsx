import { DirPage, dirMetadata } from '@/app/[locale]/_content/docs';

// ?dir=N (proxy.ts turns it into this path): rendered on first request, then cached until documents change.
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ dirId: string }> };

export async function generateMetadata({ params }: Props) {
  return dirMetadata((await params).dirId);
}

export default async function Page({ params }: Props) {
  return <DirPage dirId={(await params).dirId} mobile={true} />;
}
