import type { ConsoleDocument } from '@/lib/api/console/schemas/documents';
import type { SaveKnowledgeInput } from '@/lib/api/schemas/content';
import type { Locale } from '@/lib/shared/locale';

/** What the document editor holds: what a save sends. */
export type DocumentTextsForm = { title: string; summary: string; content: string };
export type DocumentForm = {
  dirId: number | null;
  slug: string;
  sort: number;
  texts: Record<Locale, DocumentTextsForm>;
};

const emptyTexts = (): DocumentTextsForm => ({ title: '', summary: '', content: '' });

export const emptyDocumentForm = (dirId: number | null = null): DocumentForm => ({
  dirId,
  slug: '',
  sort: 0,
  texts: { 'zh-CN': emptyTexts(), en: emptyTexts() },
});

export function documentFormOf(d: ConsoleDocument): DocumentForm {
  const t = (l: Locale) => ({ title: d.texts[l].title, summary: d.texts[l].summary, content: d.texts[l].content });
  return { dirId: d.dirId, slug: d.slug, sort: d.sort, texts: { 'zh-CN': t('zh-CN'), en: t('en') } };
}

/** The save's body: the slug only when one was typed for a new document (the server makes one otherwise). */
export function documentBodyOf(form: DocumentForm, id: number | null, version: number | null): SaveKnowledgeInput {
  return {
    ...(id ? { id } : {}),
    ...(version ? { version } : {}),
    ...(!id && form.slug.trim() ? { slug: form.slug.trim() } : {}),
    // A missing directory is named by the server's refusal (`dirId: …`), like any bad field.
    dirId: form.dirId ?? 0,
    sort: form.sort,
    texts: form.texts,
  } as SaveKnowledgeInput;
}
