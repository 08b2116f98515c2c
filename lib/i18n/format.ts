// Shared by server and client: message templates and their formatting. No Next or Node imports here.
import type { Locale } from '@/lib/shared/locale';

/**
 * A message whose wording depends on a number: one form per plural category of
 * `Intl.PluralRules` (English needs `one` and `other`, Chinese only `other`).
 * `count` names the parameter that selects the form.
 */
export type Plural = {
  count: string;
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
};
export type Template = string | Plural;
export type Vars = Record<string, string | number>;

export function isPlural(t: unknown): t is Plural {
  return typeof t === 'object' && t !== null && typeof (t as Plural).other === 'string' && 'count' in t;
}

const rules = new Map<Locale, Intl.PluralRules>();
function pluralRules(locale: Locale): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

/** The form of a template for these values: the plural category of `vars[count]` in `locale`. */
export function pick(template: Template, vars: Vars, locale: Locale): string {
  if (typeof template === 'string') return template;
  const n = Number(vars[template.count]);
  if (!Number.isFinite(n)) return template.other;
  return template[pluralRules(locale).select(n)] ?? template.other;
}

/**
 * Fills `{name}` placeholders; unknown names stay visible so a missing value is noticed.
 * A plural template needs the locale whose rules choose the form ("1 reply", "2 replies").
 */
export function fmt(template: Template, vars: Vars, locale: Locale = 'en'): string {
  return pick(template, vars, locale).replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
