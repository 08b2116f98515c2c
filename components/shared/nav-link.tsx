'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { MouseEvent, ReactNode } from 'react';
import { stripLocale } from '@/lib/routing/locale-url';
import { desktopPathFor } from '@/lib/routing/mobile-path';

function matches(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(href + '/');
}

/**
 * Whether a link points at the current page. A phone may be on the desktop URL
 * of a mobile page (the proxy rewrites it), so a mobile link also matches its desktop path;
 * the page may be at its URL for a language (/zh-CN/functionality).
 */
export function isActivePath(pathname: string, href: string): boolean {
  const here = stripLocale(pathname);
  const desktop = desktopPathFor(href);
  return matches(here, href) || (!!desktop && matches(here, desktop));
}

/**
 * A header link that marks the current page and, on click, lets go of the
 * CSS-only menus: drops focus (a :focus-within dropdown would stay open across
 * the client navigation) and unticks the hamburger checkbox.
 * No prefetch: the chrome links every section, and prefetching them all on
 * each page load costs phones more main-thread time than it saves (the pages
 * themselves come from the cache).
 */
export function NavLink({
  href,
  className,
  toggleId,
  children,
}: {
  href: string;
  className?: string;
  toggleId?: string;
  children: ReactNode;
}) {
  const pathname = usePathname() ?? '';
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.currentTarget.blur();
    const toggle = toggleId ? document.getElementById(toggleId) : null;
    if (toggle instanceof HTMLInputElement) toggle.checked = false;
  };
  return (
    <Link
      prefetch={false}
      href={href}
      className={className}
      aria-current={isActivePath(pathname, href) ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
