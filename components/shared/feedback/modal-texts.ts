import type { Locale } from '@/lib/shared/locale';
import { feedbackEn } from '@/lib/i18n/messages/feedback.en';
import { feedbackZhCN } from '@/lib/i18n/messages/feedback.zh-cn';

/**
 * The modal is loaded on demand on any page, so it brings its own texts instead
 * of every page sending them (imported only by the lazily loaded modal chunks).
 */
export const modalMessages = (locale: Locale) => ({
  feedback: (locale === 'zh-CN' ? feedbackZhCN : feedbackEn).feedback,
});
