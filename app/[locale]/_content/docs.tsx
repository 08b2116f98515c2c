import 'server-only';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { DOCS_PATH, dirUrl, docUrl } from '@/lib/content/urls';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { describe, pageMetadata } from '@/lib/seo/metadata';
import { getDb } from '@/lib/server/db/client';
import { siteUrl } from '@/lib/server/site';
import { dirListing, getDocument, knowledgeTree } from '@/lib/server/services/content/documents';
import { searchContent } from '@/lib/server/services/content/search';
import { intParam } from './news';
import { DirView, DocArticle, DocsSearchView } from '@/components/content/docs/docs-views';

const loadDir = cache(async (dirId: number | null) => {
  const locale = await getLocale();
  const db = await getDb();
  const [tree, listing] = await Promise.all([knowledgeTree(db, locale), dirListing(db, dirId, locale)]);
  if (!listing) notFound();
  return { locale, tree, listing };
});

function dirIdOf(param: string | null): number | null {
  if (param === null) return null;
  const id = intParam(param);
  if (!id) notFound();
  return id;
}

export async function dirMetadata(param: string | null): Promise<Metadata> {
  const m = await getMessages();
  const { locale, listing } = await loadDir(dirIdOf(param));
  const name = listing.dir?.name;
  return pageMetadata({
    locale,
    title: name ? `${name} · ${m.docs.title}` : m.docs.title,
    description: name
      ? `${name}: ${listing.documents
          .map((d) => d.title)
          .slice(0, 4)
          .join(', ')}`
      : m.docs.description,
    canonical: listing.dir ? dirUrl(listing.dir.id) : DOCS_PATH,
  });
}

export async function DirPage({ dirId, mobile }: { dirId: string | null; mobile: boolean }) {
  const { locale, tree, listing } = await loadDir(dirIdOf(dirId));
  return (
    <DirView
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      tree={tree}
      site={siteUrl()}
      listing={listing}
    />
  );
}

const loadDoc = cache(async (info: string) => {
  const id = intParam(info);
  if (!id) notFound();
  const locale = await getLocale();
  const db = await getDb();
  const [tree, doc] = await Promise.all([knowledgeTree(db, locale), getDocument(db, id, locale)]);
  if (!doc) notFound();
  return { locale, tree, doc };
});

export async function docMetadata(info: string): Promise<Metadata> {
  const { locale, doc } = await loadDoc(info);
  return pageMetadata({
    locale,
    title: doc.title,
    description: describe(doc.summary),
    canonical: docUrl(doc.id, doc.slug),
    type: 'article',
    modifiedTime: doc.updatedAt,
    publishedTime: doc.publishedAt,
  });
}

export async function DocPage({ info, mobile }: { info: string; mobile: boolean }) {
  const { locale, tree, doc } = await loadDoc(info);
  return (
    <DocArticle
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      tree={tree}
      site={siteUrl()}
      doc={doc}
    />
  );
}

export function docsQuery(sp: Record<string, string | string[] | undefined>) {
  const v = sp.q;
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim().slice(0, 100);
}

export async function docsSearchMetadata(q: string): Promise<Metadata> {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return pageMetadata({
    locale,
    title: q ? `“${q}” · ${m.docs.title}` : m.docs.title,
    description: m.docs.description,
    canonical: DOCS_PATH,
    noindex: true,
  });
}

/** Search results (rendered per request): documents first, then the news that matched. */
export async function DocsSearchPage({ q, mobile }: { q: string; mobile: boolean }) {
  if (!q) redirect(mobile ? '/mobileDocuments' : DOCS_PATH);
  const locale = await getLocale();
  const db = await getDb();
  const [tree, docs, news] = await Promise.all([
    knowledgeTree(db, locale),
    searchContent(db, { q, kind: 'docs', locale, pageSize: 20 }),
    searchContent(db, { q, kind: 'news', locale, pageSize: 5 }),
  ]);
  return (
    <DocsSearchView
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      tree={tree}
      site={siteUrl()}
      q={q}
      docs={docs}
      news={news}
    />
  );
}
