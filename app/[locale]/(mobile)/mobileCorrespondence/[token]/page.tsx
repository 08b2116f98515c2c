// What a phone gets for /correspondence/{token} (the proxy's rewrite): the hand-off in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/correspondence/[token]/page';
