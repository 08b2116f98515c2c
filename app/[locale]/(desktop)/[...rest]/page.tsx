import { notFound } from 'next/navigation';

// Every path the proxy hands to a locale that no page claims: the localised 404
// ((desktop)/not-found.tsx) inside the desktop layout, so with the site chrome.
export default function UnknownPage(): never {
  notFound();
}
