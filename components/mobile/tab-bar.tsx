'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isActivePath } from '@/components/shared/nav-link';
import s from './mobile-chrome.module.css';

export type Tab = { href: string; label: string; icon: 'home' | 'data' | 'docs' | 'news' | 'feedback' };

const ICONS: Record<Tab['icon'], string> = {
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  data: 'M5 19V11M10 19V5M15 19V9M20 19V14',
  docs: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M8 9h5M8 13h5',
  feedback: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
};

/** Bottom TabBar; the current section's tab is marked. */
export function TabBar({ tabs, label }: { tabs: Tab[]; label: string }) {
  const pathname = usePathname() ?? '';
  return (
    <nav className={s.tabBar} aria-label={label}>
      {tabs.map((tab) => {
        const active = isActivePath(pathname, tab.href);
        return (
          <Link
            key={tab.href}
            prefetch={false}
            href={tab.href}
            className={s.tab}
            aria-current={active ? 'page' : undefined}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d={ICONS[tab.icon]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
