import type { Metadata } from 'next';
import { HomePage } from '@/components/content/marketing/home-page';
import { JsonLd } from '@/components/content/shared/json-ld';
import { marketing } from '@/content/marketing';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { siteName, siteUrl } from '@/lib/server/site';
import { pageMetadata } from '@/lib/seo/metadata';
import { getDb } from '@/lib/server/db/client';
import { homeFigures } from '@/lib/server/services/content/home-figures';
import { latestNews } from '@/lib/server/services/content/news';

// Served from the cache; revalidated when news or documents change, and every
// five minutes for the live figures (accounts and memberships change without a content event).
export const revalidate = 300;

export async function generateMetadata(): Promise<Metadata> {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const slide = marketing[locale].home.swiper[0]!;
  return {
    ...pageMetadata({
      locale,
      title: siteName(locale),
      description: m.meta.description,
      canonical: '/',
      image: { url: slide.image.src, width: slide.image.width, height: slide.image.height, alt: slide.image.alt },
    }),
    title: { absolute: `${siteName(locale)} · ${m.home.heroTitle}` },
  };
}

export default async function Page() {
  const locale = await getLocale();
  const db = await getDb();
  const [figures, news] = await Promise.all([homeFigures(db, locale), latestNews(db, locale, 4)]);
  const site = siteUrl();
  return (
    <>
      <HomePage
        locale={locale}
        messages={await getMessages(locale)}
        content={marketing[locale].home}
        figures={figures}
        news={news}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: siteName(locale),
          legalName: (await getMessages(locale)).footer.company,
          url: site,
          logo: `${site}/favicon.svg`,
        }}
      />
    </>
  );
}
