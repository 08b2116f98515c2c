import 'server-only';
import type { Metadata } from 'next';
import { getLocale } from '@/lib/i18n/server';
import { languageAlternates } from './alternates';

/** `metadata.alternates` of the page at `path` (its desktop URL) in the language it renders in. */
export async function pageAlternates(path: string): Promise<NonNullable<Metadata['alternates']>> {
  return languageAlternates(await getLocale(), path);
}
