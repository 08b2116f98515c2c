// What a phone gets for /equitiesCentre/member (the proxy's rewrite): the same page in the mobile chrome.
export { default, generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/member/page';
// Route segment options are read from this file itself, not from what it re-exports.
export const revalidate = 300;
