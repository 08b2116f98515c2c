import 'server-only';
import type { TextSegment } from '@/lib/api/schemas/content';
import { escapeRegExp } from '@/lib/shared/format';

function matcher(terms: string[]): RegExp | null {
  const usable = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!usable.length) return null;
  // Latin terms match as word prefixes (like the tsquery); Han runs match anywhere.
  const parts = usable.map((t) =>
    /^[\p{Script=Han}]/u.test(t) ? escapeRegExp(t) : `(?<![\\p{L}\\p{N}])${escapeRegExp(t)}`,
  );
  return new RegExp(parts.join('|'), 'giu');
}

/** Splits text into plain and matched segments. */
export function markTerms(text: string, terms: string[]): TextSegment[] {
  const re = matcher(terms);
  if (!re) return [{ text, hit: false }];
  const out: TextSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), hit: false });
    out.push({ text: m[0], hit: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), hit: false });
  return out.length ? out : [{ text, hit: false }];
}

/**
 * A snippet of `text` around the first match (about `size` characters), with
 * the matches marked; the start of the text when nothing matches.
 */
export function snippet(text: string, terms: string[], size = 160): TextSegment[] {
  const re = matcher(terms);
  const first = re ? re.exec(text) : null;
  let start = 0;
  if (first) start = Math.max(0, first.index - Math.floor(size / 3));
  // Do not cut a Latin word in half at the start.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    if (space > start - 20 && space > 0) start = space + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.indexOf(' ', end);
    if (space > 0 && space < end + 20) end = space;
  }
  const body = text.slice(start, end);
  const segs = markTerms(body, terms);
  if (start > 0) segs.unshift({ text: '…', hit: false });
  if (end < text.length) segs.push({ text: '…', hit: false });
  return segs;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Segments as HTML with only <mark> around the matches (for API callers). */
export function segmentsToHtml(segs: TextSegment[]): string {
  return segs.map((s) => (s.hit ? `<mark>${esc(s.text)}</mark>` : esc(s.text))).join('');
}
