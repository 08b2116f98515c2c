import Link from 'next/link';
import type { DirListing, DirNode, DocDetail, DocItem, SearchResult } from '@/lib/api/schemas/content';
import { formatDate } from '@/lib/shared/dates';
import { DOCS_PATH, toMobile } from '@/lib/content/urls';
import { fmt } from '@/lib/i18n/format';
import type { Locale, Messages } from '@/lib/i18n/server';
import { Breadcrumbs, type Crumb } from '../shared/breadcrumbs';
import { Marked } from '../shared/marked';
import { RichText } from '../shared/rich-text';
import { SearchSubmit } from '../shared/search-submit';
import s from '../shared/content.module.css';
import ds from './docs.module.css';

type Base = { locale: Locale; messages: Messages; mobile: boolean; tree: DirNode[]; site: string };

const linkOf = (mobile: boolean) => (url: string) => (mobile ? toMobile(url) : url);
const canonicalOf = (h: string) => h.replace(/^\/mobileDocuments/, '/documents');

function crumbs(
  m: Messages,
  mobile: boolean,
  trail: { name: string; url: string }[],
  last?: { name: string; url: string },
): Crumb[] {
  const u = linkOf(mobile);
  return [
    { name: m.docs.home, href: '/' },
    { name: m.docs.title, href: u(DOCS_PATH) },
    ...trail.map((c) => ({ name: c.name, href: u(c.url) })),
    ...(last ? [{ name: last.name, href: u(last.url) }] : []),
  ];
}

/** The directory tree: plain links in <details>, open along the current path — no script needed. */
function Tree({
  tree,
  messages: m,
  mobile,
  activeDir,
  activeDoc,
}: Pick<Base, 'tree' | 'messages' | 'mobile'> & { activeDir: number | null; activeDoc?: number }) {
  const u = linkOf(mobile);
  const onPath = (n: DirNode): boolean =>
    n.id === activeDir || n.documents.some((d) => d.id === activeDoc) || n.children.some(onPath);
  const render = (nodes: DirNode[]) => (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          {n.children.length ? (
            <details open={onPath(n) || undefined}>
              <summary>
                <Link prefetch={false} href={u(n.url)} aria-current={n.id === activeDir ? 'page' : undefined}>
                  {n.name}
                </Link>
              </summary>
              {render(n.children)}
            </details>
          ) : (
            <Link prefetch={false} href={u(n.url)} aria-current={n.id === activeDir ? 'page' : undefined}>
              {n.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
  const body = (
    <nav className={ds.tree} aria-labelledby="docs-tree-title">
      <h2 id="docs-tree-title">{m.docs.tree}</h2>
      <Link prefetch={false} href={u(DOCS_PATH)} aria-current={activeDir === null && !activeDoc ? 'page' : undefined}>
        {m.docs.allDocuments}
      </Link>
      {render(tree)}
    </nav>
  );
  if (!mobile) return body;
  return (
    <details className={ds.tree}>
      <summary>{m.docs.tree}</summary>
      {body}
    </details>
  );
}

function SearchBox({ messages: m, mobile, q }: { messages: Messages; mobile: boolean; q?: string }) {
  return (
    <form
      className={s.search}
      action={linkOf(mobile)(DOCS_PATH)}
      method="get"
      role="search"
      aria-label={m.docs.searchLabel}
    >
      <input
        type="search"
        name="q"
        defaultValue={q ?? ''}
        placeholder={m.docs.searchPlaceholder}
        aria-label={m.docs.searchLabel}
        maxLength={100}
      />
      <SearchSubmit label={m.docs.search} mobile={mobile} />
    </form>
  );
}

function DocRow({
  d,
  locale,
  messages: m,
  mobile,
}: {
  d: DocItem;
  locale: Locale;
  messages: Messages;
  mobile: boolean;
}) {
  return (
    <li className={ds.docItem}>
      <h3>
        <Link prefetch={false} href={linkOf(mobile)(d.url)}>
          {d.match ? <Marked segments={d.match.title} /> : d.title}
        </Link>
      </h3>
      <p>{d.match ? <Marked segments={d.match.snippet} /> : d.summary}</p>
      <p className={s.meta}>
        <span>
          {m.docs.updated} {formatDate(d.updatedAt, locale, false)}
        </span>
        {d.attachmentCount > 0 && <span>{fmt(m.docs.attachmentCount, { n: d.attachmentCount }, locale)}</span>}
      </p>
    </li>
  );
}

function Shell({
  base,
  activeDir,
  activeDoc,
  children,
}: {
  base: Base;
  activeDir: number | null;
  activeDoc?: number;
  children: React.ReactNode;
}) {
  return (
    <div className={base.mobile ? s.m : `container ${s.page}`}>
      <div className={base.mobile ? `${ds.docs} ${ds.m}` : ds.docs}>
        <Tree
          tree={base.tree}
          messages={base.messages}
          mobile={base.mobile}
          activeDir={activeDir}
          activeDoc={activeDoc}
        />
        <div>{children}</div>
      </div>
    </div>
  );
}

/** `/documents` and `/documents?dir=N`: the tree, the directory's sub-directories and documents, and the search box. */
export function DirView(props: Base & { listing: DirListing }) {
  const { listing: l, messages: m, mobile, locale, site } = props;
  const u = linkOf(mobile);
  const title = l.dir?.name ?? m.docs.title;
  return (
    <Shell base={props} activeDir={l.dir?.id ?? null}>
      {l.dir && (
        <Breadcrumbs
          label={m.docs.breadcrumb}
          site={site}
          canonicalOf={canonicalOf}
          items={crumbs(m, mobile, l.breadcrumbs)}
        />
      )}
      <header className={s.head}>
        <h1>{title}</h1>
        {!l.dir && <p className={s.lead}>{m.docs.description}</p>}
        <SearchBox messages={m} mobile={mobile} />
      </header>
      {l.children.length > 0 && (
        <>
          <h2 className={ds.sectionTitle}>{m.docs.subdirectories}</h2>
          <ul className={ds.dirs}>
            {l.children.map((c) => (
              <li key={c.id}>
                <Link prefetch={false} href={u(c.url)}>
                  {c.name}
                  <small>{fmt(m.docs.documentCount, { n: c.documentCount }, locale)}</small>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className={ds.sectionTitle}>
        {l.dir ? fmt(m.docs.documentCount, { n: l.documents.length }, locale) : m.docs.allDocuments}
      </h2>
      {l.documents.length ? (
        <ul className={s.list}>
          {l.documents.map((d) => (
            <DocRow key={d.id} d={d} locale={locale} messages={m} mobile={mobile} />
          ))}
        </ul>
      ) : (
        <p className={s.empty}>{m.docs.emptyDir}</p>
      )}
    </Shell>
  );
}

/** `/documents?q=…`: ranked documents with marked snippets, then matching news. */
export function DocsSearchView(props: Base & { q: string; docs: SearchResult; news: SearchResult }) {
  const { messages: m, mobile, locale, q, docs, news } = props;
  const u = linkOf(mobile);
  return (
    <Shell base={props} activeDir={null}>
      <header className={s.head}>
        <h1>{m.docs.search}</h1>
        <SearchBox messages={m} mobile={mobile} q={q} />
      </header>
      <p role="status">
        {docs.total ? fmt(m.docs.resultsFor, { n: docs.total, q }, locale) : fmt(m.docs.noResults, { q })}{' '}
        <Link prefetch={false} href={u(DOCS_PATH)}>
          {m.docs.clearSearch}
        </Link>
      </p>
      <ul className={s.list}>
        {docs.list.map((h) => (
          <DocRow
            key={h.id}
            d={{
              id: h.id,
              slug: '',
              dirId: 0,
              title: h.title,
              summary: '',
              updatedAt: h.date,
              attachmentCount: 0,
              url: h.url,
              match: h.match,
            }}
            locale={locale}
            messages={m}
            mobile={mobile}
          />
        ))}
      </ul>
      {news.list.length > 0 && (
        <>
          <h2 className={ds.sectionTitle}>{m.docs.alsoInNews}</h2>
          <ul className={s.list}>
            {news.list.map((h) => (
              <li key={h.id} className={ds.docItem}>
                <h3>
                  <Link prefetch={false} href={u(h.url)}>
                    <Marked segments={h.match.title} />
                  </Link>
                </h3>
                <p>
                  <Marked segments={h.match.snippet} />
                </p>
                <p className={s.meta}>{formatDate(h.date, locale, false)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Shell>
  );
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const typeOf = (ct: string, name: string) =>
  ct === 'application/pdf' ? 'PDF' : (name.split('.').pop() ?? ct).toUpperCase();

/**
 * `/documents/{id}/{slug}`: breadcrumbs, the document, its attachments and neighbours. `status`
 * is the console's preview's (docs/console.md "Preview"): a draft or scheduled document says so
 * where the date of its last update stands.
 */
export function DocArticle(props: Base & { doc: DocDetail; status?: 'draft' | 'scheduled' | 'published' }) {
  const { doc: d, messages: m, mobile, locale, site, status = 'published' } = props;
  const u = linkOf(mobile);
  return (
    <Shell base={props} activeDir={d.dirId} activeDoc={d.id}>
      <Breadcrumbs
        label={m.docs.breadcrumb}
        site={site}
        canonicalOf={canonicalOf}
        items={crumbs(m, mobile, d.breadcrumbs, { name: d.title, url: d.url })}
      />
      <article className={s.article}>
        <h1>{d.title}</h1>
        <p className={s.meta}>
          <span data-testid="doc-when">
            {status === 'draft'
              ? m.news.notPublished
              : status === 'scheduled'
                ? fmt(m.news.scheduledFor, { time: formatDate(d.publishedAt, locale) }, locale)
                : `${m.docs.updated} ${formatDate(d.updatedAt, locale, false)}`}
          </span>
        </p>
        <p className={s.summary}>{d.summary}</p>
        <RichText html={d.content} />
        {d.attachments.length > 0 && (
          <section className={ds.files} aria-labelledby="doc-files">
            <h2 id="doc-files">{m.docs.attachments}</h2>
            <ul>
              {d.attachments.map((f) => (
                <li key={f.id}>
                  <span>
                    <span className={ds.fileName}>{f.name}</span>{' '}
                    <span className={ds.fileMeta}>{`${typeOf(f.contentType, f.name)} · ${sizeOf(f.bytes)}`}</span>
                  </span>
                  <a
                    href={f.url}
                    download={f.name}
                    className="btn btn-primary"
                    aria-label={`${m.docs.download} ${f.name}`}
                  >
                    {m.docs.download}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <ul className={s.neighbours}>
          <li>
            {d.prev && (
              <Link prefetch={false} href={u(d.prev.url)} rel="prev">
                <small>{m.docs.prevDoc}</small>
                {d.prev.title}
              </Link>
            )}
          </li>
          <li className={s.next}>
            {d.next && (
              <Link prefetch={false} href={u(d.next.url)} rel="next">
                <small>{m.docs.nextDoc}</small>
                {d.next.title}
              </Link>
            )}
          </li>
        </ul>
      </article>
    </Shell>
  );
}
