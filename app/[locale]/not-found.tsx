import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteFooter } from '@/components/desktop/site-footer';
import { SiteHeader } from '@/components/desktop/site-header';
import { getLocale, getMessages, siteName } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return { title: m.notFound.title, robots: { index: false } };
}

/** Unknown URLs keep the site chrome so the visitor can navigate on. */
export default async function NotFound() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const brand = siteName(locale);
  return (
    <>
      <SiteHeader locale={locale} messages={m} brand={brand} />
      <main id="main" className="container" style={{ padding: '80px 24px', textAlign: 'center' }}>
        <p style={{ fontSize: 64, fontWeight: 700, color: 'var(--c-primary)', margin: 0 }}>404</p>
        <h1>{m.notFound.title}</h1>
        <p style={{ color: 'var(--c-muted)' }}>{m.notFound.body}</p>
        <Link href="/" className="btn btn-primary">
          {m.common.backHome}
        </Link>
      </main>
      <SiteFooter messages={m} brand={brand} />
    </>
  );
}
