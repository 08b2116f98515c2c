import { legal } from '@/content/legal';
import { fmt } from '@/lib/i18n/format';
import type { Locale } from '@/lib/shared/locale';
import s from './legal.module.css';

export type LegalId = 'terms' | 'privacy';
export const LEGAL_PATHS: Record<LegalId, string> = { terms: '/terms', privacy: '/privacy' };

/** /terms and /privacy (and their mobile pages): the document in the visitor's language. */
export function LegalPage({
  id,
  mobile,
  locale,
  brand,
}: {
  id: LegalId;
  mobile: boolean;
  locale: Locale;
  brand: string;
}) {
  const c = legal[locale];
  const doc = c[id];
  return (
    <article className={mobile ? `${s.page} ${s.mobile}` : `container ${s.page}`} aria-labelledby="legal-title">
      <h1 id="legal-title">{doc.title}</h1>
      <p className={s.updated}>
        {c.updatedLabel}: <time dateTime={doc.updated}>{doc.updated}</time>
      </p>
      <p className={s.lead}>{fmt(doc.lead, { brand })}</p>
      <nav aria-label={c.contents} className={s.toc}>
        <ol>
          {doc.sections.map((sec, i) => (
            <li key={sec.heading}>
              <a href={`#s${i + 1}`}>{sec.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((sec, i) => (
        <section key={sec.heading} id={`s${i + 1}`} aria-labelledby={`s${i + 1}-h`}>
          <h2 id={`s${i + 1}-h`}>
            {i + 1}. {sec.heading}
          </h2>
          {sec.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
