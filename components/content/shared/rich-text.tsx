import 'server-only';
import { sanitizeRichText } from '@/lib/server/services/content/sanitize';
import s from './content.module.css';

/** Stored rich text, sanitised once more as it is rendered (docs/content.md: on write and on render). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `${s.rich} ${className}` : s.rich}
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
