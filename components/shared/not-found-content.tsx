import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getMessages } from '@/lib/i18n/server';

export async function notFoundMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return { title: m.notFound.title, robots: { index: false } };
}

/**
 * The localised 404 body. It uses global classes and inline styles only: a
 * not-found boundary's stylesheet is preloaded by every page under it, so one
 * with the desktop chrome's CSS made each mobile page fetch that too.
 */
export async function NotFoundContent() {
  const m = await getMessages(await getLocale());
  return (
    <div className="container" style={{ padding: '80px 24px', textAlign: 'center' }}>
      <p style={{ fontSize: 64, fontWeight: 700, color: 'var(--c-primary)', margin: 0 }}>404</p>
      <h1>{m.notFound.title}</h1>
      <p style={{ color: 'var(--c-muted)' }}>{m.notFound.body}</p>
      <Link href="/" className="btn btn-primary">
        {m.common.backHome}
      </Link>
    </div>
  );
}
