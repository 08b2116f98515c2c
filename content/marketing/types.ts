// The shape of the marketing copy (spec §2 home, product, solution, regard/aboutUs).
// One file per language implements it; images are shared (see images.ts).
import type { ProductId, SolutionId } from '@/lib/routing/sections';

export type Img = { src: string; width: number; height: number; alt: string };
export type Cta = { label: string; href: string };
export type Slide = { eyebrow: string; title: string; body: string; image: Img; cta: Cta };
export type Card = { title: string; body: string; icon: IconName };
export type IconName =
  | 'chart'
  | 'ledger'
  | 'truck'
  | 'shield'
  | 'leaf'
  | 'phone'
  | 'scan'
  | 'map'
  | 'bell'
  | 'users'
  | 'recycle'
  | 'search'
  | 'clock'
  | 'camera'
  | 'doc'
  | 'link';

export type ProductPage = {
  title: string;
  description: string;
  swiper: Slide[];
  product: { title: string; lead: string; features: Card[] };
  solution: { title: string; lead: string; steps: { title: string; body: string }[] };
  afterSale: { title: string; lead: string; items: Card[]; hotline: string; hours: string };
  /** Only where spec §2 lists it (farming). */
  problem?: { title: string; lead: string; items: { q: string; a: string }[] };
  /** Only where spec §2 lists it (enforceSystem). */
  functionalCharacteristics?: { title: string; lead: string; items: Card[] };
  /** The native app the mobile page's "Open in app" opens (lib/device/app-link.ts). */
  app: { name: string; appLink: string; fallbackUrl: string };
};

export type SolutionPage = {
  title: string;
  description: string;
  tagline: string;
  hero: Img;
  challenges: { title: string; items: Card[] };
  approach: { title: string; lead: string; layers: { title: string; body: string }[] };
  outcomes: { title: string; items: { value: string; label: string }[] };
  cases: { title: string; items: { name: string; region: string; body: string }[] };
  products: ProductId[];
};

export type AboutPage = {
  title: string;
  description: string;
  introduce: { title: string; paragraphs: string[]; image: Img; facts: { value: string; label: string }[] };
  /**
   * How the copy's {coverage} is written from the data (marketCoverage): one phrase per group of
   * markets with `{markets}`, `{provinces}`, `{who}` (its sources, or `demo`), `{from}`, `{to}` (years).
   */
  coverage: { daily: string; monthly: string; demo: string; join: string; none: string };
  develop: { title: string; milestones: { year: string; title: string; body: string }[] };
  honor: { title: string; items: { year: string; name: string; issuer: string }[] };
  video: { title: string; caption: string; src: string; poster: Img; captions: string };
  /** The markets themselves come from the data (marketCoverage). */
  nationwide: { title: string; lead: string };
};

export type HomeContent = {
  swiper: Slide[];
  numerical: { title: string; lead: string; note: string };
  product: { title: string; lead: string };
  solution: { title: string; lead: string };
  journalism: { title: string; lead: string; more: string };
};

export type MarketingContent = {
  home: HomeContent;
  products: Record<ProductId, ProductPage>;
  solutions: Record<SolutionId, SolutionPage>;
  about: AboutPage;
};
