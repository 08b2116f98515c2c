import { notFound } from 'next/navigation';

// Every path the proxy hands to a locale that no page claims: the localised 404 with the site chrome.
export default function UnknownPage(): never {
  notFound();
}
