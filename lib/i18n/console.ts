// The console's dictionary (docs/console.md): its own, apart from the site's, so no public page
// carries its words. Each area adds its file's object here.
import type { Locale } from '@/lib/shared/locale';
import { consoleShellEn } from './messages/console-shell.en';
import { consoleShellZhCN } from './messages/console-shell.zh-cn';
import type { Translation } from './types';

const en = { ...consoleShellEn };
export type ConsoleMessages = Translation<typeof en>;

export const consoleDictionaries: Record<Locale, ConsoleMessages> = {
  en,
  'zh-CN': { ...consoleShellZhCN },
};
