// Desktop sections with a mobile counterpart (docs/screens.md: mobile names are the
// desktop names with a "mobile" prefix). Home and the equities centre have none.
const PAIRS: ReadonlyArray<readonly [desktop: string, mobile: string]> = [
  ['/login', '/mobileLogin'],
  ['/functionality', '/mobileFunctionality'],
  ['/documents', '/mobileDocuments'],
  ['/feedback', '/mobileFeedback'],
  ['/regard', '/mobileRegard'],
  ['/product', '/mobileProduct'],
  ['/solution', '/mobileSolution'],
];

function swapPrefix(pathname: string, from: string, to: string): string | null {
  if (pathname === from) return to;
  if (pathname.startsWith(from + '/')) return to + pathname.slice(from.length);
  return null;
}

/** The mobile page for a desktop path, or null when it has none (or is already mobile). */
export function mobilePathFor(pathname: string): string | null {
  for (const [desktop, mobile] of PAIRS) {
    const p = swapPrefix(pathname, desktop, mobile);
    if (p) return p;
  }
  return null;
}

/** The desktop page a mobile path mirrors (for canonical links), or null. */
export function desktopPathFor(pathname: string): string | null {
  for (const [desktop, mobile] of PAIRS) {
    const p = swapPrefix(pathname, mobile, desktop);
    if (p) return p;
  }
  return null;
}
