import Link from 'next/link';
import type { NewsDetail } from '@/lib/api/schemas/content';
import { fmt } from '@/lib/i18n/format';
import { formatDate } from '@/lib/shared/dates';
import { NEWS_LIST_PATH, newsListUrl, toMobile } from '@/lib/content/urls';
import type { Locale, Messages } from '@/lib/i18n/server';
import { Breadcrumbs } from '../shared/breadcrumbs';
import { JsonLd } from '../shared/json-ld';
import { Picture } from '../shared/picture';
import { RelativeTime } from '@/components/shared/relative-time';
import { RichText } from '../shared/rich-text';
import { ViewCount } from './view-count';
import s from '../shared/content.module.css';

type Props = {
  article: NewsDetail;
  /** The console's preview says where the article stands; the public page shows only published ones. */
  status?: 'draft' | 'scheduled' | 'published';
  locale: Locale;
  messages: Messages;
  mobile: boolean;
  site: string;
  brand: string;
};

/** `/regard/journalism/{id}`: the article, its neighbours and related articles, with NewsArticle and BreadcrumbList JSON-LD. */
export function NewsArticle({ article: a, status = 'published', locale, messages: m, mobile, site, brand }: Props) {
  const t = m.news;
  const u = (url: string) => (mobile ? toMobile(url) : url);
  const published = formatDate(a.publishedAt, locale);
  return (
    <div className={mobile ? s.m : `container ${s.page}`}>
      <Breadcrumbs
        label={m.docs.breadcrumb}
        site={site}
        canonicalOf={(h) => h.replace(/^\/mobileRegard/, '/regard')}
        items={[
          { name: m.nav.home, href: '/' },
          { name: t.title, href: u(NEWS_LIST_PATH) },
          { name: a.categoryName, href: u(newsListUrl({ category: a.categoryId })) },
          { name: a.title, href: u(a.url) },
        ]}
      />
      <div className={`${s.layout} ${mobile ? s.single : ''}`}>
        <article className={s.article}>
          <h1>{a.title}</h1>
          <p className={s.meta}>
            <span className={s.badge}>{a.categoryName}</span>
            <span className={s.when} data-testid="news-when">
              {status === 'draft' ? (
                t.notPublished
              ) : status === 'scheduled' ? (
                // A draft's `publishedAt` is its last save, not a time to show; a scheduled one's is when it goes out.
                fmt(t.scheduledFor, { time: published }, locale)
              ) : (
                <>
                  {t.published}
                  {t.colon}
                  <RelativeTime iso={a.publishedAt} lang={locale} fallback={published} />
                </>
              )}
            </span>
            {a.source && (
              <span>
                {t.source}
                {t.colon}
                {a.source}
              </span>
            )}
            {a.author && (
              <span data-testid="news-author">
                {t.author}
                {t.colon}
                {a.author}
              </span>
            )}
            <ViewCount id={a.id} initial={a.views} lang={locale} template={t.views} />
          </p>
          <p className={s.summary}>{a.summary}</p>
          {a.cover && (
            <figure className={s.cover}>
              <Picture
                src={a.cover}
                alt={a.coverAlt}
                width={1200}
                height={675}
                sizes={mobile ? '100vw' : '(max-width: 900px) 100vw, 820px'}
                eager
              />
            </figure>
          )}
          <RichText html={a.body} />
          <ul className={s.neighbours}>
            <li>
              {a.prev && (
                <Link prefetch={false} href={u(a.prev.url)} rel="prev">
                  <small>{t.prevArticle}</small>
                  {a.prev.title}
                </Link>
              )}
            </li>
            <li className={s.next}>
              {a.next && (
                <Link prefetch={false} href={u(a.next.url)} rel="next">
                  <small>{t.nextArticle}</small>
                  {a.next.title}
                </Link>
              )}
            </li>
          </ul>
        </article>
        {a.related.length > 0 && (
          <aside className={s.aside} aria-labelledby="related-title">
            <h2 id="related-title">{t.related}</h2>
            <ul>
              {a.related.map((r) => (
                <li key={r.id}>
                  <Link prefetch={false} href={u(r.url)}>
                    {r.title}
                  </Link>
                  <p className={s.meta}>{formatDate(r.publishedAt, locale, false)}</p>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: a.title,
          description: a.summary,
          inLanguage: locale,
          datePublished: a.publishedAt,
          dateModified: a.updatedAt,
          articleSection: a.categoryName,
          mainEntityOfPage: site + a.url,
          url: site + a.url,
          ...(a.cover ? { image: [new URL(a.cover, site + '/').toString()] } : {}),
          author: { '@type': 'Organization', name: a.author || a.source },
          publisher: {
            '@type': 'Organization',
            name: brand,
            logo: { '@type': 'ImageObject', url: `${site}/favicon.svg` },
          },
        }}
      />
    </div>
  );
}
