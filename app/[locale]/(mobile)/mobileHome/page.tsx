// What a phone gets for / (the proxy's rewrite): the home page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/page';

// Same cache life as the desktop home (a segment option must be written in the page itself).
export const revalidate = 300;
