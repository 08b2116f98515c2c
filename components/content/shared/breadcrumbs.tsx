import Link from 'next/link';
import { JsonLd } from './json-ld';
import s from './content.module.css';

export type Crumb = { name: string; href: string };

/**
 * Visible breadcrumbs plus their BreadcrumbList JSON-LD. `canonicalOf` maps a
 * link to the URL search engines should see (mobile pages link to mobile URLs
 * but declare the desktop ones).
 */
export function Breadcrumbs({
  label,
  items,
  site,
  canonicalOf = (h) => h,
}: {
  label: string;
  items: Crumb[];
  site: string;
  canonicalOf?: (href: string) => string;
}) {
  return (
    <>
      <nav aria-label={label} className={s.crumbs}>
        <ol>
          {items.map((c, i) => (
            <li key={c.href + i}>
              {i < items.length - 1 ? (
                <Link prefetch={false} href={c.href}>
                  {c.name}
                </Link>
              ) : (
                <span aria-current="page">{c.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: c.name,
            item: site + canonicalOf(c.href),
          })),
        }}
      />
    </>
  );
}
