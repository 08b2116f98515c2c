import type { Messages } from '@/lib/i18n/types';

/** The account menu's destinations, shared by the desktop header and the mobile drawer. */
export function accountLinks(t: Messages['userMenu']) {
  return [
    { href: '/equitiesCentre/watchlist', label: t.myWatchlist },
    { href: '/equitiesCentre/notifications', label: t.notifications },
    { href: '/equitiesCentre/memberCentre', label: t.myMembership },
    { href: '/equitiesCentre/myData', label: t.myData },
    { href: '/equitiesCentre/purchaseRecord', label: t.purchaseRecords },
    { href: '/feedback', label: t.myFeedback },
  ];
}
