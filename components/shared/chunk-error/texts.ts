import { LOCALE_COOKIE } from '@/lib/shared/locale';

export type ErrorViewLang = 'en' | 'zh-CN';

export const errorViewTexts = {
  en: {
    chunk: 'This part of the page failed to load. Check your connection and reload.',
    reload: 'Reload',
    generic: 'Something went wrong.',
    retry: 'Try again',
  },
  'zh-CN': {
    chunk: '页面的这部分加载失败。请检查网络连接后重新加载。',
    reload: '重新加载',
    generic: '出了点问题。',
    retry: '重试',
  },
} as const;

/** The page language: <html lang>, else the locale cookie, else the browser's (global-error has no <html lang>). */
export function detectLang(): ErrorViewLang {
  if (typeof document === 'undefined') return 'en';
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(document.cookie)?.[1];
  const lang = document.documentElement.lang || (cookie && decodeURIComponent(cookie)) || navigator.language || '';
  return lang.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
