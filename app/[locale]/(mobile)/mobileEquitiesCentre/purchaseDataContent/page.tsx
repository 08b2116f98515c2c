// What a phone gets for /equitiesCentre/purchaseDataContent (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/purchaseDataContent/page';
