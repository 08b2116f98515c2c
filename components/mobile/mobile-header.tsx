import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/shared/brand-mark';
import { LanguageSwitch } from '@/components/shared/language-switch';
import { NavLink } from '@/components/shared/nav-link';
import type { Locale } from '@/lib/shared/locale';
import type { Messages } from '@/lib/i18n/types';
import { mobilePathFor } from '@/lib/routing/mobile-path';
import { DATA_STATUS_PATH, PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';
import { Bell } from '@/components/shared/alerts/bell';
import { MobileAccount } from './mobile-account';
import s from './mobile-chrome.module.css';

export const DRAWER_TOGGLE_ID = 'm-drawer-toggle';

const mobile = (desktopPath: string) => mobilePathFor(desktopPath) ?? desktopPath;

/**
 * NavBar-like header with a CSS drawer (a checkbox drives it), so opening the
 * menu costs no JavaScript; only the account block inside is a client island.
 */
export function MobileHeader({
  locale,
  messages: m,
  brand,
  action,
}: {
  locale: Locale;
  messages: Messages;
  brand: string;
  /** The header's right-hand button (the feedback button). */
  action?: ReactNode;
}) {
  const n = m.nav;
  const groups = [
    {
      title: null,
      links: [
        { href: '/', label: n.home },
        { href: mobile(SECTION_PATHS.functionality), label: n.marketData },
        { href: mobile(DATA_STATUS_PATH), label: m.dataStatus.title },
        { href: mobile(SECTION_PATHS.documents), label: n.documents },
        { href: mobile(SECTION_PATHS.journalism), label: n.news },
        { href: mobile(SECTION_PATHS.aboutUs), label: n.aboutUs },
        { href: mobile(SECTION_PATHS.feedback), label: n.feedback },
      ],
    },
    {
      title: n.products,
      links: PRODUCT_IDS.map((id) => ({ href: mobile(SECTION_PATHS[id]), label: m.sections[id].title })),
    },
    {
      title: n.solutions,
      links: SOLUTION_IDS.map((id) => ({ href: mobile(SECTION_PATHS[id]), label: m.sections[id].title })),
    },
    {
      title: m.footer.companyLinks,
      links: [
        { href: '/terms', label: m.footer.terms },
        { href: '/privacy', label: m.footer.privacy },
      ],
    },
  ];
  return (
    <>
      <input type="checkbox" id={DRAWER_TOGGLE_ID} className={`${s.toggle} visually-hidden`} aria-controls="m-drawer" />
      <header className={s.navBar}>
        <label htmlFor={DRAWER_TOGGLE_ID} className={s.menuBtn}>
          <span className={s.burger} aria-hidden="true" />
          <span className="visually-hidden">{m.mobile.openMenu}</span>
        </label>
        <Link prefetch={false} href="/" className={s.brand}>
          <BrandMark size={26} />
          <span>{brand}</span>
        </Link>
        <span className={s.navBarEnd}>
          <Bell className={s.bell} badgeClassName={s.bellCount} />
          {action}
        </span>
      </header>
      <label htmlFor={DRAWER_TOGGLE_ID} className={s.overlay} aria-hidden="true" />
      <aside id="m-drawer" className={s.drawer} aria-label={n.menu}>
        <div className={s.drawerHead}>
          <span className={s.brand}>
            <BrandMark size={26} />
            <span>{brand}</span>
          </span>
          <label htmlFor={DRAWER_TOGGLE_ID} className={s.closeBtn}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{m.mobile.closeMenu}</span>
          </label>
        </div>
        <MobileAccount toggleId={DRAWER_TOGGLE_ID} />
        <nav aria-label={n.mainNav}>
          {groups.map((g, i) => (
            <div key={i} className={s.drawerGroup}>
              {g.title && <p className={s.drawerTitle}>{g.title}</p>}
              <ul>
                {g.links.map((l) => (
                  <li key={l.href}>
                    <NavLink href={l.href} className={s.drawerLink} toggleId={DRAWER_TOGGLE_ID}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className={s.drawerFoot}>
          <span>{n.language}</span>
          <LanguageSwitch locale={locale} label={n.switchLanguage} className={s.lang} />
        </div>
      </aside>
    </>
  );
}
