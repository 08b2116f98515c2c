// Messages the server sends for the user to read (refusals, validation, commerce, hand-off...).
// Shared by server and client: no Next or Node imports here. See docs/decisions/i18n-messages.md.
import type { Locale } from '@/lib/shared/locale';
import { fmt, type Template, type Vars } from './format';
import type { serverEn } from './messages/server.en';

/**
 * The server answers `{ code, msg, msgKey, msgParams }`: `msg` is the English sentence (API
 * callers and the spec's error catalogue read it); `msgKey` + `msgParams` let the page render
 * the same message in its own language from lib/i18n/messages/server.<locale>.ts.
 */
export type MessageKey = keyof typeof serverEn;
export type ServerCatalogue = { readonly [K in MessageKey]: Template };

/** A name the server knows in both languages (a region, a membership level, a product). */
export type LocalText = { en: string; 'zh-CN': string };
export type ParamValue = string | number | LocalText | MessageRef;
export type MessageParams = Record<string, ParamValue>;
/** A message by key, with the values of its placeholders; a value may itself be a message. */
export type MessageRef = { key: MessageKey; params?: MessageParams };

type Holes<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Holes<Rest> : never;
type HolesOf<T> = T extends string
  ? Holes<T>
  : T extends { count: infer C }
    ? (C & string) | Holes<T[Exclude<keyof T, 'count'>]>
    : never;
/** The placeholders of a message, read from its English template(s). */
export type ParamsOf<K extends MessageKey> = { [P in HolesOf<(typeof serverEn)[K]>]: ParamValue };
type ParamArgs<K extends MessageKey> = [HolesOf<(typeof serverEn)[K]>] extends [never] ? [] : [params: ParamsOf<K>];

/** A message reference, its parameters checked against the English template. */
export function msg<K extends MessageKey>(key: K, ...params: ParamArgs<K>): MessageRef {
  return params[0] ? { key, params: params[0] as MessageParams } : { key };
}

export function isMessageRef(v: unknown): v is MessageRef {
  return typeof v === 'object' && v !== null && typeof (v as MessageRef).key === 'string';
}

function isLocalText(v: unknown): v is LocalText {
  return typeof v === 'object' && v !== null && typeof (v as LocalText).en === 'string';
}

/**
 * The message in `locale`, or undefined when the catalogue lacks a key it needs (a newer server
 * than this page's code): the caller then shows the English `msg` it was sent.
 */
export function renderMessage(ref: MessageRef, locale: Locale, catalogue: ServerCatalogue): string | undefined {
  const template = (catalogue as Record<string, Template | undefined>)[ref.key];
  if (template === undefined) return undefined;
  const vars: Vars = {};
  for (const [name, v] of Object.entries(ref.params ?? {})) {
    if (typeof v === 'string' || typeof v === 'number') vars[name] = v;
    else if (isMessageRef(v)) {
      const inner = renderMessage(v, locale, catalogue);
      if (inner === undefined) return undefined;
      vars[name] = inner;
    } else if (isLocalText(v)) vars[name] = v[locale] || v.en;
    else return undefined;
  }
  return fmt(template, vars, locale);
}
