import type { Messages } from '@/lib/i18n/types';
import { EQUITY_IDS, PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from './sections';

export type NavLinkItem = { label: string; href: string };
export type NavGroup = { label: string; id: string; children: NavLinkItem[] };
export type NavItem = NavLinkItem | NavGroup;

export const isGroup = (i: NavItem): i is NavGroup => 'children' in i;

const links = (m: Messages, ids: readonly (keyof typeof SECTION_PATHS)[]) =>
  ids.map((id) => ({ label: m.sections[id].title, href: SECTION_PATHS[id] }));

/** The desktop header's navigation: every section of docs/screens.md (the brand is the link home). */
export function desktopNav(m: Messages): NavItem[] {
  const n = m.nav;
  return [
    { label: n.marketData, href: SECTION_PATHS.functionality },
    { label: n.products, id: 'products', children: links(m, PRODUCT_IDS) },
    { label: n.solutions, id: 'solutions', children: links(m, SOLUTION_IDS) },
    { label: n.documents, href: SECTION_PATHS.documents },
    { label: n.news, href: SECTION_PATHS.journalism },
    { label: n.aboutUs, href: SECTION_PATHS.aboutUs },
    { label: n.equitiesCentre, id: 'equities', children: links(m, EQUITY_IDS) },
    { label: n.feedback, href: SECTION_PATHS.feedback },
  ];
}

export const productLinks = (m: Messages) => links(m, PRODUCT_IDS);
export const solutionLinks = (m: Messages) => links(m, SOLUTION_IDS);
