/**
 * The first path segment of every page under app/[locale]/ (both device groups). Next matches a
 * URL such as /pay/functionality against app/[locale]/functionality with "pay" as the language
 * when the pay group has no such page, so proxy.ts must not hand a tool prefix followed by one of
 * these to Next untouched (issue 27, item 2; docs/screens.md). A test keeps this list equal to the
 * folders.
 */
export const PAGE_ROOTS: readonly string[] = [
  'correspondence',
  'documents',
  'equitiesCentre',
  'feedback',
  'functionality',
  'login',
  'privacy',
  'product',
  'regard',
  'solution',
  'terms',
  'mobileCorrespondence',
  'mobileDocuments',
  'mobileEquitiesCentre',
  'mobileFeedback',
  'mobileFunctionality',
  'mobileHome',
  'mobileLogin',
  'mobileNotFound',
  'mobilePrivacy',
  'mobileProduct',
  'mobileRegard',
  'mobileSolution',
  'mobileTerms',
];
