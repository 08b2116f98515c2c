import type { Metadata } from 'next';
import { localeUrl } from '@/lib/routing/locale-url';
import type { Locale } from '@/lib/shared/locale';
import { languageAlternates } from './alternates';

type PageMeta = {
  /** The language the page renders in: its canonical URL is the one in that language. */
  locale: Locale;
  title: string;
  description: string;
  /** The desktop URL of the page: mobile pages point their canonical link at it (docs/screens.md). */
  canonical: string;
  image?: { url: string; width: number; height: number; alt: string } | null;
  type?: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  noindex?: boolean;
};

/** Title, description, canonical URL, hreflang alternates and Open Graph / Twitter tags of a page. */
export function pageMetadata(p: PageMeta): Metadata {
  const images = p.image
    ? [{ url: p.image.url, width: p.image.width, height: p.image.height, alt: p.image.alt }]
    : undefined;
  return {
    title: p.title,
    description: p.description,
    alternates: languageAlternates(p.locale, p.canonical),
    openGraph: {
      title: p.title,
      description: p.description,
      url: localeUrl(p.locale, p.canonical),
      type: p.type ?? 'website',
      ...(images ? { images } : {}),
      ...(p.type === 'article'
        ? { publishedTime: p.publishedTime, modifiedTime: p.modifiedTime, section: p.section }
        : {}),
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: p.title, description: p.description },
    ...(p.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** Trims text to a meta description's length at a word (or character, for Chinese) boundary. */
export function describe(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut) + '…';
}
