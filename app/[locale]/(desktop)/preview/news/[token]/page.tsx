import { NewsPreviewPage, newsPreviewMetadata } from '@/app/[locale]/_content/preview';

// The console's signed preview of an article (docs/console.md "Preview"): per request, never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props) {
  return newsPreviewMetadata((await params).token);
}

export default async function Page({ params }: Props) {
  return <NewsPreviewPage token={(await params).token} mobile={false} />;
}
