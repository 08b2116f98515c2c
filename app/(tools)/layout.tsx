import type { ReactNode } from 'react';

// Operator and developer pages (SMS outbox, API reference): English only, no site chrome.
export default function ToolsLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
