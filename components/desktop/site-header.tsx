import Link from 'next/link';
import { BrandMark } from '@/components/shared/brand-mark';
import { LanguageSwitch } from '@/components/shared/language-switch';
import { NavLink } from '@/components/shared/nav-link';
import type { Locale } from '@/lib/shared/locale';
import type { Messages } from '@/lib/i18n/types';
import { desktopNav, isGroup } from '@/lib/routing/nav';
import { Bell } from '@/components/shared/alerts/bell';
import { OFFLINE_BAR_SLOT } from '@/components/shared/network/offline-slot';
import { UserMenu } from './user-menu';
import s from './site-header.module.css';

const TOGGLE_ID = 'site-nav-toggle';

/**
 * Desktop chrome header. Dropdowns open on :hover / :focus-within and the
 * narrow-screen menu is a checkbox, so the whole header works without JS;
 * only the account menu is a client island.
 */
export function SiteHeader({ locale, messages, brand }: { locale: Locale; messages: Messages; brand: string }) {
  const n = messages.nav;
  return (
    <header className={s.header}>
      <div className={`container ${s.bar}`}>
        <Link prefetch={false} href="/" className={s.brand}>
          <BrandMark />
          <span>{brand}</span>
        </Link>

        <input type="checkbox" id={TOGGLE_ID} className={`${s.toggle} visually-hidden`} aria-controls="site-nav" />
        <label htmlFor={TOGGLE_ID} className={s.burger}>
          <span className={s.burgerIcon} aria-hidden="true" />
          <span className="visually-hidden">{n.menu}</span>
        </label>

        <div className={s.panel} id="site-nav">
          <nav aria-label={n.mainNav}>
            <ul className={s.menu}>
              {desktopNav(messages).map((item) =>
                isGroup(item) ? (
                  <li key={item.id} className={s.group}>
                    <button type="button" className={s.groupBtn} aria-controls={`nav-${item.id}`}>
                      {item.label}
                      <span className={s.caret} aria-hidden="true" />
                    </button>
                    <ul className={s.sub} id={`nav-${item.id}`}>
                      {item.children.map((c) => (
                        <li key={c.href}>
                          <NavLink href={c.href} className={s.subLink} toggleId={TOGGLE_ID}>
                            {c.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={item.href}>
                    <NavLink href={item.href} className={s.link} toggleId={TOGGLE_ID}>
                      {item.label}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className={s.tools}>
            <LanguageSwitch locale={locale} label={n.switchLanguage} className={s.lang} />
            <UserMenu />
          </div>
        </div>
        {/* Outside the menu panel, so the unread count shows also where the menu folds away (≤ 1180 px). */}
        <Bell className={s.bell} badgeClassName={s.bellCount} />
      </div>
      {/* The offline banner's line (components/shared/network/offline-banner.tsx): empty while online. */}
      <div id={OFFLINE_BAR_SLOT} />
    </header>
  );
}
