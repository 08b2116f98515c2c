import { DocPreviewPage, docPreviewMetadata } from '@/app/[locale]/_content/preview';

// The console's signed preview of a document (docs/console.md "Preview"): per request, never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props) {
  return docPreviewMetadata((await params).token);
}

export default async function Page({ params }: Props) {
  return <DocPreviewPage token={(await params).token} mobile={false} />;
}
