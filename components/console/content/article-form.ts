import type { ConsoleArticle } from '@/lib/api/console/schemas/content';
import type { SaveNewsInput } from '@/lib/api/schemas/content';
import type { Locale } from '@/lib/shared/locale';

/** What the editor holds of an article: what a save sends. */
export type ArticleTextsForm = {
  title: string;
  summary: string;
  body: string;
  source: string;
  author: string;
  coverAlt: string;
};
export type ArticleForm = {
  categoryId: string;
  slug: string;
  cover: string | null;
  texts: Record<Locale, ArticleTextsForm>;
};

const emptyTexts = (): ArticleTextsForm => ({ title: '', summary: '', body: '', source: '', author: '', coverAlt: '' });

export const emptyForm = (categoryId = ''): ArticleForm => ({
  categoryId,
  slug: '',
  cover: null,
  texts: { 'zh-CN': emptyTexts(), en: emptyTexts() },
});

export function formOf(a: ConsoleArticle): ArticleForm {
  const t = (l: Locale) => ({
    title: a.texts[l].title,
    summary: a.texts[l].summary,
    body: a.texts[l].body,
    source: a.texts[l].source,
    author: a.texts[l].author,
    coverAlt: a.texts[l].coverAlt,
  });
  return { categoryId: a.categoryId, slug: a.slug, cover: a.cover, texts: { 'zh-CN': t('zh-CN'), en: t('en') } };
}

/** The save's body: the slug only when one was typed for a new article (the server makes one otherwise). */
export function bodyOf(form: ArticleForm, id: number | null, version: number | null): SaveNewsInput {
  return {
    ...(id ? { id } : {}),
    ...(version ? { version } : {}),
    ...(!id && form.slug.trim() ? { slug: form.slug.trim() } : {}),
    categoryId: form.categoryId,
    cover: form.cover,
    texts: form.texts,
  } as SaveNewsInput;
}

/** The field a refusal names (`texts.en.title: is required`), to mark the input. */
export function fieldOf(msg: string | undefined): string | null {
  const m = /^([A-Za-z0-9_.-]+): /.exec(msg ?? '');
  return m?.[1] ?? null;
}
