import { notFound } from 'next/navigation';

// A phone asking for a path no page claims (the proxy sends it here): the localised 404
// ((mobile)/not-found.tsx) inside the mobile chrome.
export default function UnknownMobilePage(): never {
  notFound();
}
