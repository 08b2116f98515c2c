/** Where a desktop page's header keeps room for the offline banner (offline-banner.tsx). */
export const OFFLINE_BAR_SLOT = 'offline-bar-slot';
