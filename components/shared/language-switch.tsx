import { LOCALES, type Locale } from '@/lib/shared/locale';

const LABEL: Record<Locale, { short: string; name: string }> = {
  'zh-CN': { short: '中文', name: '简体中文' },
  en: { short: 'EN', name: 'English' },
};

/**
 * Server-rendered switch: a plain GET form to /api/locale, which sets the
 * `locale` cookie and sends the visitor back to the same page in the new
 * language. No client JS of its own, and the pages stay cacheable.
 */
export function LanguageSwitch({ locale, label, className }: { locale: Locale; label: string; className?: string }) {
  return (
    <form action="/api/locale" method="get" className={className} aria-label={label}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="submit"
          name="l"
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
