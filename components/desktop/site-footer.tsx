import Link from 'next/link';
import { BrandMark } from '@/components/shared/brand-mark';
import { fmt } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/types';
import { productLinks, solutionLinks } from '@/lib/routing/nav';
import { DATA_STATUS_PATH, SECTION_PATHS } from '@/lib/routing/sections';
import s from './site-footer.module.css';

/** `icp`: the ICP filing number (ICP_LICENSE), or undefined while there is none. */
export function SiteFooter({ messages, brand, icp }: { messages: Messages; brand: string; icp?: string }) {
  const f = messages.footer;
  const n = messages.nav;
  const columns = [
    {
      title: f.explore,
      links: [
        { label: n.marketData, href: SECTION_PATHS.functionality },
        { label: messages.dataStatus.title, href: DATA_STATUS_PATH },
        { label: n.documents, href: SECTION_PATHS.documents },
        { label: n.news, href: SECTION_PATHS.journalism },
        { label: n.equitiesCentre, href: SECTION_PATHS.member },
      ],
    },
    { title: f.products, links: productLinks(messages) },
    { title: f.solutions, links: solutionLinks(messages) },
    {
      title: f.companyLinks,
      links: [
        { label: n.aboutUs, href: SECTION_PATHS.aboutUs },
        { label: n.feedback, href: SECTION_PATHS.feedback },
        { label: f.terms, href: '/terms' },
        { label: f.privacy, href: '/privacy' },
      ],
    },
  ];
  return (
    <footer className={s.footer}>
      <div className={`container ${s.top}`}>
        <div className={s.about}>
          <p className={s.brand}>
            <BrandMark size={28} />
            <span>{brand}</span>
          </p>
          <p>{f.company}</p>
          <p className={s.muted}>{f.about}</p>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title} className={s.col}>
            <h2>{c.title}</h2>
            <ul>
              {c.links.map((l) => (
                <li key={l.href}>
                  <Link prefetch={false} href={l.href}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={s.bottom}>
        <div className={`container ${s.bottomInner}`}>
          <p>
            {f.attribution} · {f.demoNote}
          </p>
          <p>
            {icp ? fmt(f.icp, { icp }) : f.icpPending} · {fmt(f.copyright, { year: new Date().getFullYear(), brand })}
          </p>
        </div>
      </div>
    </footer>
  );
}
