import { setLocaleAction } from '@/lib/i18n/actions';
import { LOCALES, type Locale } from '@/lib/i18n/config';

const LABEL: Record<Locale, { short: string; name: string }> = {
  'zh-CN': { short: '中文', name: '简体中文' },
  en: { short: 'EN', name: 'English' },
};

/**
 * Server-rendered switch posting to a Server Action: sets the `locale` cookie
 * and the page re-renders in the new language, with no client JS of its own.
 */
export function LanguageSwitch({ locale, label, className }: { locale: Locale; label: string; className?: string }) {
  return (
    <form action={setLocaleAction} className={className} aria-label={label}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="submit"
          name="locale"
          value={l}
          lang={l}
          aria-pressed={l === locale}
          disabled={l === locale}
          title={LABEL[l].name}
        >
          {LABEL[l].short}
        </button>
      ))}
    </form>
  );
}
