// What a phone gets for /equitiesCentre/watchlist (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/watchlist/page';
