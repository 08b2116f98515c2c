import type { StaffRole } from '@/lib/api/console/roles';
import { STAFF_ROLES } from '@/lib/api/console/roles';
import type { ConsoleMessages } from '@/lib/i18n/console';

type NavKey = keyof ConsoleMessages['nav'];
/** `built: false`: a section not made yet, shown without a link (it would only lead to a 404). */
export type NavLeaf = { key: NavKey; href: string; roles: readonly StaffRole[]; built: boolean };
export type NavGroup = { key: NavKey; children: NavLeaf[] };
export type NavItem = NavLeaf | NavGroup;

/**
 * The console's sections and the roles each opens to (admin: all), the same roles as the calls
 * each section makes (lib/api/console/calls): a member sees only what they may use.
 */
export const NAV: NavItem[] = [
  { key: 'dashboard', href: '/console', roles: STAFF_ROLES, built: true },
  {
    key: 'content',
    children: [
      { key: 'news', href: '/console/content/news', roles: ['editor', 'contributor'], built: true },
      { key: 'documents', href: '/console/content/documents', roles: ['editor', 'contributor'], built: true },
    ],
  },
  {
    key: 'commerce',
    children: [
      { key: 'orders', href: '/console/commerce/orders', roles: ['support'], built: true },
      { key: 'catalogue', href: '/console/commerce/catalogue', roles: ['admin'], built: true },
    ],
  },
  { key: 'customers', href: '/console/customers', roles: ['support'], built: true },
  { key: 'feedback', href: '/console/feedback', roles: ['support'], built: true },
  {
    key: 'data',
    children: [
      { key: 'imports', href: '/console/data/imports', roles: ['data'], built: true },
      { key: 'catalogueData', href: '/console/data/catalogue', roles: ['data'], built: true },
      { key: 'unmapped', href: '/console/data/unmapped', roles: ['data'], built: true },
      { key: 'sources', href: '/console/data/sources', roles: ['data'], built: true },
    ],
  },
  { key: 'audit', href: '/console/audit', roles: ['admin'], built: true },
];

export const isGroup = (i: NavItem): i is NavGroup => 'children' in i;

/** The section a path belongs to: the longest href it starts with. */
export function activeLeaf(pathname: string): NavLeaf | undefined {
  const leaves = NAV.flatMap((i) => (isGroup(i) ? i.children : [i]));
  return leaves
    .filter((l) => pathname === l.href || pathname.startsWith(`${l.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
}
