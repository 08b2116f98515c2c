import type { Locale } from '@/lib/shared/locale';

export type NewsCategoryId = 'market' | 'company' | 'industry' | 'policy';
export type ArticleText = { title: string; summary: string; body: string; source: string; author: string };

/** A seeded article: published `hoursAgo` before the first seed; body is HTML (sanitised on write). */
export type SeedArticle = {
  slug: string;
  category: NewsCategoryId;
  hoursAgo: number;
  cover: string;
  coverAlt: Record<Locale, string>;
  texts: Record<Locale, ArticleText>;
};
