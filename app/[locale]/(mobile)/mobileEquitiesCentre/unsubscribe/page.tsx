// What a phone gets for /equitiesCentre/unsubscribe (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/unsubscribe/page';
