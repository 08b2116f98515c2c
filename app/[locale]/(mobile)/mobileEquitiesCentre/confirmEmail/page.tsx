// What a phone gets for /equitiesCentre/confirmEmail (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/confirmEmail/page';
