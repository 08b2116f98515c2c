// What a phone gets for /equitiesCentre/dataApi (the proxy's rewrite): the same page, plain markup, in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/dataApi/page';
