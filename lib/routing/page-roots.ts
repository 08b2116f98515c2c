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
  'preview',
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
  'mobilePreview',
  'mobilePrivacy',
  'mobileProduct',
  'mobileRegard',
  'mobileSolution',
  'mobileTerms',
];

/**
 * The first segment under each tool name of the tool's own pages (/console/login,
 * /console/feedback, /pay/sandbox/…): where it is also in PAGE_ROOTS, the tool's page wins, since
 * Next matches the static route first. A test checks every tool page's segment is listed.
 */
export const TOOL_PAGE_ROOTS: Readonly<Record<string, readonly string[]>> = {
  console: ['login', 'audit', 'content', 'commerce', 'customers', 'data', 'feedback'],
  pay: ['sandbox'],
  dev: ['sms', 'mail'],
  embed: ['trend'],
};

/** A tool name followed by a localised page's first segment that is not one of the tool's own. */
export function isToolBeforePage(first: string, second: string): boolean {
  return PAGE_ROOTS.includes(second) && !(TOOL_PAGE_ROOTS[first] ?? []).includes(second);
}
