import 'server-only';
import type { Metadata } from 'next';
import { marketing } from '@/content/marketing';
import { getLocale, getMessages } from '@/lib/i18n/server';
import type { ProductId, SolutionId } from '@/lib/routing/sections';
import { SECTION_PATHS } from '@/lib/routing/sections';
import { pageMetadata } from '@/lib/seo/metadata';
import { getDb } from '@/lib/server/db/client';
import { marketCoverage } from '@/lib/server/services/content/home-figures';
import { AboutPage } from '@/components/content/marketing/about-page';
import { ProductPage } from '@/components/content/marketing/product-page';
import { SolutionPage } from '@/components/content/marketing/solution-page';

// The marketing pages read typed content files (content/marketing), so they render once per
// language and stay cached until the next deployment; About also counts the markets in the
// data, and its pages revalidate every five minutes for that.

export async function productMetadata(id: ProductId): Promise<Metadata> {
  const locale = await getLocale();
  const c = marketing[locale].products[id];
  const img = c.swiper[0]!.image;
  return pageMetadata({
    locale,
    title: c.title,
    description: c.description,
    canonical: SECTION_PATHS[id],
    image: { url: img.src, width: img.width, height: img.height, alt: img.alt },
  });
}

export async function Product({ id, mobile }: { id: ProductId; mobile: boolean }) {
  const locale = await getLocale();
  return <ProductPage c={marketing[locale].products[id]} messages={await getMessages(locale)} mobile={mobile} />;
}

export async function solutionMetadata(id: SolutionId): Promise<Metadata> {
  const locale = await getLocale();
  const c = marketing[locale].solutions[id];
  return pageMetadata({
    locale,
    title: c.title,
    description: c.description,
    canonical: SECTION_PATHS[id],
    image: { url: c.hero.src, width: c.hero.width, height: c.hero.height, alt: c.hero.alt },
  });
}

export async function Solution({ id, mobile }: { id: SolutionId; mobile: boolean }) {
  const locale = await getLocale();
  return <SolutionPage c={marketing[locale].solutions[id]} messages={await getMessages(locale)} mobile={mobile} />;
}

export async function aboutMetadata(): Promise<Metadata> {
  const locale = await getLocale();
  const c = marketing[locale].about;
  return pageMetadata({
    locale,
    title: c.title,
    description: c.description,
    canonical: SECTION_PATHS.aboutUs,
    image: {
      url: c.introduce.image.src,
      width: c.introduce.image.width,
      height: c.introduce.image.height,
      alt: c.introduce.image.alt,
    },
  });
}

export async function About({ mobile }: { mobile: boolean }) {
  const locale = await getLocale();
  const coverage = await marketCoverage(await getDb(), locale);
  return (
    <AboutPage
      c={marketing[locale].about}
      messages={await getMessages(locale)}
      locale={locale}
      mobile={mobile}
      coverage={coverage}
    />
  );
}
