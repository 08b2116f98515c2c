import 'server-only';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of news and documents. Staff write it, but it is still sanitised
 * on write (what is stored) and again on render (what reaches a page), so a
 * row written by any other path cannot carry script into a page.
 * Allowed: structure, emphasis, lists, tables, quotes, code, links and images;
 * no scripts, styles, frames, forms, event handlers or javascript:/data: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'blockquote',
    'figure',
    'figcaption',
    'img',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'abbr',
    'time',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    time: ['datetime'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page's <h1> is the title: headings inside a body start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const next = { ...attribs };
      if (external) {
        next.rel = 'noopener noreferrer nofollow';
        next.target = '_blank';
      } else {
        delete next.target;
        delete next.rel;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Plain text of rich HTML, for search lexemes, snippets and descriptions. */
export function htmlToText(html: string): string {
  // A space after every block and every table cell: "<td>Tomato</td><td>3.20</td>" reads "Tomato 3.20".
  const blocky = html.replace(
    /<(\/p|br|\/h[1-6]|\/li|\/tr|\/td|\/th|\/caption|\/div|\/dd|\/dt|\/blockquote|\/figcaption)\b[^>]*>/gi,
    '$& ',
  );
  return sanitizeHtml(blocky, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
