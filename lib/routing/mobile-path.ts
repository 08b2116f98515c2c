// Desktop sections with a mobile counterpart (docs/screens.md: mobile names are the
// desktop names with a "mobile" prefix). Home, the equities centre, the hand-off page and the
// terms have no mobile name in the route table: their mobile pages are reached only through
// the proxy's rewrite (the URL a phone shows stays the desktop one), so every phone page wears
// the mobile chrome.
const PAIRS: ReadonlyArray<readonly [desktop: string, mobile: string]> = [
  ['/login', '/mobileLogin'],
  ['/functionality', '/mobileFunctionality'],
  ['/documents', '/mobileDocuments'],
  ['/feedback', '/mobileFeedback'],
  ['/regard', '/mobileRegard'],
  ['/product', '/mobileProduct'],
  ['/solution', '/mobileSolution'],
  ['/equitiesCentre', '/mobileEquitiesCentre'],
  ['/correspondence', '/mobileCorrespondence'],
  ['/terms', '/mobileTerms'],
  ['/privacy', '/mobilePrivacy'],
];
const HOME = ['/', '/mobileHome'] as const;

/** Where the proxy sends a phone asking for a path no page claims: the 404 inside the mobile chrome. */
export const MOBILE_NOT_FOUND = '/mobileNotFound';

function swapPrefix(pathname: string, from: string, to: string): string | null {
  if (pathname === from) return to;
  if (pathname.startsWith(from + '/')) return to + pathname.slice(from.length);
  return null;
}

/** The mobile page for a desktop path, or null when it has none (or is already mobile). */
export function mobilePathFor(pathname: string): string | null {
  if (pathname === HOME[0]) return HOME[1];
  for (const [desktop, mobile] of PAIRS) {
    const p = swapPrefix(pathname, desktop, mobile);
    if (p) return p;
  }
  return null;
}

/** The desktop page a mobile path mirrors (for canonical links and desktop visitors), or null. */
export function desktopPathFor(pathname: string): string | null {
  if (pathname === HOME[1]) return HOME[0];
  for (const [desktop, mobile] of PAIRS) {
    const p = swapPrefix(pathname, mobile, desktop);
    if (p) return p;
  }
  return null;
}

/** A path of the mobile pages (a counterpart, or the mobile 404). */
export function isMobilePath(pathname: string): boolean {
  return desktopPathFor(pathname) !== null || swapPrefix(pathname, MOBILE_NOT_FOUND, '') !== null;
}
