import { DocsSearchPage, docsQuery, docsSearchMetadata } from '@/app/[locale]/_content/docs';

// ?q=… : full-text search, rendered per request (and not indexed).
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  return docsSearchMetadata(docsQuery(await searchParams));
}

export default async function Page({ searchParams }: Props) {
  return <DocsSearchPage q={docsQuery(await searchParams)} mobile={true} />;
}
