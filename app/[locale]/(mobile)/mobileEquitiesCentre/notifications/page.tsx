// What a phone gets for /equitiesCentre/notifications (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/notifications/page';
