import Link from 'next/link';
import { fmt } from '@/lib/i18n/format';
import s from './content.module.css';

type Labels = { pagination: string; prevPage: string; nextPage: string; pageN: string };

/** Numbered page links (crawlable `?page=N` URLs), with the first, last and neighbours of the current page. */
export function Pager({
  page,
  pages,
  href,
  t,
}: {
  page: number;
  pages: number;
  href: (n: number) => string;
  t: Labels;
}) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages].filter((n) => n >= 1 && n <= pages))].sort(
    (a, b) => a - b,
  );
  const items: (number | 'gap')[] = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) items.push('gap');
    items.push(n);
  });
  return (
    <nav aria-label={t.pagination} className={s.pager}>
      <ul>
        <li>
          {page > 1 ? (
            <Link prefetch={false} href={href(page - 1)} rel="prev">
              ‹ <span className="visually-hidden">{t.prevPage}</span>
            </Link>
          ) : (
            <span className={s.disabled} aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {items.map((n, i) =>
          n === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true">
              <span className={s.disabled}>…</span>
            </li>
          ) : (
            <li key={n}>
              <Link
                prefetch={false}
                href={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={fmt(t.pageN, { n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link prefetch={false} href={href(page + 1)} rel="next">
              <span className="visually-hidden">{t.nextPage}</span> ›
            </Link>
          ) : (
            <span className={s.disabled} aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
