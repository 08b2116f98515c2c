import { z } from 'zod';

/** Mainland mobile number (docs/accounts.md). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, 'must be a mainland mobile number (11 digits starting 13–19)');
/** 8–64 characters with at least one letter and one digit. */
export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit');
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');
export const idSchema = z.string().trim().min(1, 'is required').max(64, 'is too long');

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: nothing a
 * person types, and PostgreSQL cannot even store NUL. The one rule for every input string.
 */
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHAR_MSG = 'must not contain control characters';

/**
 * Refuses a control character in any string of a call's input, at any depth, naming the
 * field (`texts.en.title: …`). The dispatcher applies it to every call's parsed query and body
 * after the call's own schema, so no call (present or future) can let one through. One visit
 * per value: each entry keeps its parent and key, and the path is spelled out only for the
 * string refused (copying it at every value made a deep body quadratic).
 */
export const noControlChars = z.unknown().superRefine((input, ctx) => {
  type Visit = { v: unknown; key: string | number | null; parent: Visit | null };
  const pathOf = (at: Visit) => {
    const path: (string | number)[] = [];
    for (let n: Visit | null = at; n && n.key !== null; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const stack: Visit[] = [{ v: input, key: null, parent: null }];
  while (stack.length) {
    const at = stack.pop()!;
    const { v } = at;
    if (typeof v === 'string') {
      if (CONTROL_CHAR.test(v)) {
        ctx.addIssue({ code: 'custom', path: pathOf(at), message: CONTROL_CHAR_MSG });
        return;
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: at });
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ v: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: at });
    }
  }
});

/**
 * The earliest year a date may name. Year 0000 is a valid ISO day the database cannot store (there
 * is no year 0), and a seasonal overlay counts years back from a date: far older than any price or
 * article, so no date handed on can fall outside what the database takes (docs/api.md).
 */
export const MIN_YEAR = 1900;
export const MIN_DAY = `${MIN_YEAR}-01-01`;
const fromMinYear = (v: string) => Number(v.slice(0, 4)) >= MIN_YEAR;
const tooEarly = `must be in ${MIN_YEAR} or later`;

/** A calendar day YYYY-MM-DD that exists (no 2026-11-31, no 2026-02-29), from MIN_YEAR on. */
export const isoDaySchema = z.iso.date('must be a real date YYYY-MM-DD').refine(fromMinYear, tooEarly);
/** An ISO date-time with offset whose date exists, from MIN_YEAR on (with any offset). */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO date-time' })
  .refine((v) => new Date(v).getUTCFullYear() >= MIN_YEAR, tooEarly);
export const pageSchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const empty = z.object({});

/**
 * A message a person reads inside an answer (not a failure): its key and parameters, so the page
 * shows it in its own language; an English field beside it carries the sentence for API callers
 * (docs/decisions/i18n-messages.md).
 */
export const messageRefSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** The fields of an object schema, also when it is piped into a transform (the wire spellings of docs/api.md). */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  return undefined;
}
export const unknownResponse = z.unknown();

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageIndex: z.number().int(), pageSize: z.number().int() });
