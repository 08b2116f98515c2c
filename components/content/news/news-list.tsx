import Link from 'next/link';
import type { NewsItem, NewsPage } from '@/lib/api/schemas/content';
import { formatDate } from '@/lib/shared/dates';
import { NEWS_LIST_PATH, newsListUrl, toMobile } from '@/lib/content/urls';
import { fmt } from '@/lib/i18n/format';
import type { Locale, Messages } from '@/lib/i18n/server';
import { Marked } from '../shared/marked';
import { Pager } from '../shared/pager';
import { Picture } from '../shared/picture';
import { SearchSubmit } from '../shared/search-submit';
import { RelativeTime } from '@/components/shared/relative-time';
import s from '../shared/content.module.css';

export type NewsListProps = {
  locale: Locale;
  messages: Messages;
  mobile: boolean;
  categories: { id: string; name: string; count: number }[];
  data: NewsPage;
  category: string | null;
  keyword?: string | null;
};

/** `/regard/journalism` (and its mobile counterpart): category tabs, the search box, the list and page links. */
export function NewsList({ locale, messages: m, mobile, categories, data, category, keyword }: NewsListProps) {
  const t = m.news;
  const u = (url: string) => (mobile ? toMobile(url) : url);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className={mobile ? s.m : `container ${s.page}`}>
      <header className={s.head}>
        <h1>{t.title}</h1>
        {!mobile && <p className={s.lead}>{t.description}</p>}
        <form className={s.search} action={u(NEWS_LIST_PATH)} method="get" role="search" aria-label={t.searchLabel}>
          {category && <input type="hidden" name="category" value={category} />}
          <input
            type="search"
            name="keyword"
            defaultValue={keyword ?? ''}
            placeholder={t.searchPlaceholder}
            aria-label={t.searchLabel}
            maxLength={100}
          />
          <SearchSubmit label={t.search} mobile={mobile} />
        </form>
      </header>

      <nav className={s.tabs} aria-label={t.categories}>
        <ul>
          <li>
            <Link prefetch={false} href={u(newsListUrl({ keyword }))} aria-current={!category ? 'page' : undefined}>
              {t.all}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                prefetch={false}
                href={u(newsListUrl({ category: c.id, keyword }))}
                aria-current={category === c.id ? 'page' : undefined}
              >
                {c.name}
                {!keyword && <span className={s.count}>{c.count}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {keyword && (
        <p role="status">
          {data.total ? fmt(t.resultsFor, { n: data.total, q: keyword }, locale) : fmt(t.noResults, { q: keyword })}{' '}
          <Link prefetch={false} href={u(newsListUrl({ category }))}>
            {t.clearSearch}
          </Link>
        </p>
      )}

      {data.list.length ? (
        <ul className={s.list}>
          {data.list.map((item, i) => (
            <NewsRow
              key={item.id}
              item={item}
              locale={locale}
              href={u(item.url)}
              mobile={mobile}
              eager={i === 0 && !keyword}
            />
          ))}
        </ul>
      ) : (
        !keyword && <p className={s.empty}>{t.empty}</p>
      )}

      <Pager page={data.pageIndex} pages={pages} href={(n) => u(newsListUrl({ category, page: n, keyword }))} t={t} />
    </div>
  );
}

function NewsRow({
  item,
  locale,
  href,
  mobile,
  eager,
}: {
  item: NewsItem;
  locale: Locale;
  href: string;
  mobile: boolean;
  eager: boolean;
}) {
  return (
    <li className={s.item}>
      {item.cover && (
        <div className={s.thumb}>
          <Picture
            src={item.cover}
            alt=""
            width={1200}
            height={675}
            sizes={mobile ? '112px' : '(max-width: 900px) 100vw, 240px'}
            eager={eager && !mobile}
          />
        </div>
      )}
      <div>
        <h2>
          <Link prefetch={false} href={href}>
            {item.match ? <Marked segments={item.match.title} /> : item.title}
          </Link>
        </h2>
        <p>{item.match ? <Marked segments={item.match.snippet} /> : item.summary}</p>
        <p className={s.meta}>
          <span className={s.badge}>{item.categoryName}</span>
          <RelativeTime iso={item.publishedAt} lang={locale} fallback={formatDate(item.publishedAt, locale)} />
          {!mobile && <span>{item.source}</span>}
        </p>
      </div>
    </li>
  );
}
