import 'server-only';

/**
 * Full-text search for Chinese and English on PostgreSQL and PGlite alike.
 *
 * PostgreSQL's text-search parsers do not segment Chinese, and the extensions
 * that do (zhparser, pg_jieba) are neither in PGlite nor on most managed
 * servers. So lexemes are made here and handed to the database as tsvector /
 * tsquery literals, which bypass the parser:
 * - Latin letters and digits: lower-cased words; queries match them as
 *   prefixes (`price` finds "prices").
 * - Han characters: every overlapping bigram of a run (the usual CJK n-gram
 *   indexing), plus each single character so one-character queries work.
 *   A query run of n ≥ 2 characters becomes its n−1 bigrams, all required.
 * Weights: title A, summary B, body C, so ranking prefers title matches.
 */

const HAN = /\p{Script=Han}/u;
// A run of Han characters, or of Latin letters/digits (other scripts count as word characters too).
const RUNS = /(\p{Script=Han}+)|([\p{L}\p{N}]+)/gu;
const MAX_POS = 16383; // tsvector positions are 1..16383
const MAX_POSITIONS_PER_LEXEME = 256;
const MAX_WORD = 64;

export type Weight = 'A' | 'B' | 'C' | 'D';

/** Lexemes of a text in order (Han bigrams and unigrams, Latin words). */
export function lexemes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(RUNS)) {
    if (m[1]) {
      const chars = [...m[1]];
      for (let i = 0; i < chars.length; i++) {
        out.push(chars[i]!);
        if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
      }
    } else if (m[2]) {
      const w = m[2].toLowerCase();
      if (w.length <= MAX_WORD) out.push(w);
    }
  }
  return out;
}

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsvector literal for weighted parts, e.g. `'price':1A 'index':2A,7C`.
 * Positions run across the parts so phrase distance stays meaningful.
 */
export function tsvectorLiteral(parts: ReadonlyArray<readonly [text: string, weight: Weight]>): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [text, weight] of parts) {
    for (const lx of lexemes(text)) {
      pos = Math.min(pos + 1, MAX_POS);
      const list = positions.get(lx) ?? [];
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${pos}${weight}`);
      positions.set(lx, list);
    }
  }
  return [...positions].map(([lx, ps]) => `${quote(lx)}:${ps.join(',')}`).join(' ');
}

export type ParsedQuery = {
  /** tsquery literal, or null when the query has no searchable characters. */
  tsquery: string | null;
  /** What to highlight in titles and snippets: Latin words and Han runs as typed. */
  terms: string[];
};

/** A user's query as a tsquery: every term required; Latin words match as prefixes. */
export function parseQuery(input: string): ParsedQuery {
  const clauses: string[] = [];
  const terms: string[] = [];
  for (const m of input.normalize('NFKC').slice(0, 200).matchAll(RUNS)) {
    if (m[1]) {
      const chars = [...m[1]];
      terms.push(m[1]);
      if (chars.length === 1) clauses.push(quote(chars[0]!));
      else for (let i = 0; i + 1 < chars.length; i++) clauses.push(quote(chars[i]! + chars[i + 1]!));
    } else if (m[2]) {
      const w = m[2].toLowerCase().slice(0, MAX_WORD);
      terms.push(w);
      clauses.push(`${quote(w)}:*`);
    }
  }
  const unique = [...new Set(clauses)].slice(0, 32);
  return { tsquery: unique.length ? unique.join(' & ') : null, terms: [...new Set(terms)] };
}

export const isHan = (s: string) => HAN.test(s);
