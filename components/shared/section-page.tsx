import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getMessages } from '@/lib/i18n/server';
import type { SectionId } from '@/lib/i18n/types';
import { mobilePathFor } from '@/lib/routing/mobile-path';
import { SECTION_PATHS } from '@/lib/routing/sections';
import { localeUrl } from '@/lib/routing/locale-url';
import { languageAlternates } from '@/lib/seo/alternates';
import s from './section-page.module.css';

/**
 * A section's introduction: its title and what it offers, server-rendered in
 * the visitor's language. Feature pages build on (or replace) it.
 */
export async function SectionPage({ id, mobile = false }: { id: SectionId; mobile?: boolean }) {
  const m = await getMessages();
  const sec = m.sections[id];
  const home = '/';
  const data = mobile
    ? (mobilePathFor(SECTION_PATHS.functionality) ?? SECTION_PATHS.functionality)
    : SECTION_PATHS.functionality;
  return (
    <div className={mobile ? `${s.page} ${s.mobile}` : s.page}>
      <section className={s.hero} aria-labelledby={`section-${id}`}>
        <div className={mobile ? s.inner : `container ${s.inner}`}>
          <p className={s.eyebrow}>{sec.group}</p>
          <h1 id={`section-${id}`}>{sec.title}</h1>
          <p className={s.lead}>{sec.body}</p>
        </div>
      </section>
      <div className={mobile ? s.inner : `container ${s.inner}`}>
        <div className={s.note} role="note">
          <p>{m.common.comingSoon}</p>
          <p className={s.actions}>
            <Link href={home} className="btn btn-ghost">
              {m.common.backHome}
            </Link>
            {id !== 'functionality' && (
              <Link href={data} className="btn btn-primary">
                {m.home.ctaData}
              </Link>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Title and description of a section, its canonical URL in its language and hreflang alternates;
 * mobile pages point them at the desktop URL (docs/screens.md).
 */
export async function sectionMetadata(id: SectionId): Promise<Metadata> {
  const m = await getMessages();
  const sec = m.sections[id];
  const locale = await getLocale();
  return {
    title: sec.title,
    description: sec.body,
    alternates: languageAlternates(locale, SECTION_PATHS[id]),
    openGraph: { title: sec.title, description: sec.body, url: localeUrl(locale, SECTION_PATHS[id]) },
  };
}
