import s from './content.module.css';

/**
 * Rich text as the content services hand it out: sanitised when stored and again when read
 * (docs/content.md), so it is rendered as it is.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `${s.rich} ${className}` : s.rich} dangerouslySetInnerHTML={{ __html: html }} />;
}
