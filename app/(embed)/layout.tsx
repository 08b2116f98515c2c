import type { ReactNode } from 'react';

export const metadata = { robots: { index: false, follow: true } };

// Embeddable charts (/embed/…): framed by other sites, so no site chrome, no banner, nothing but
// the chart, its source and a link back (docs/data-api.md). The page sets its own language.
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
