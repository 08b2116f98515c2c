import type { z } from 'zod';

type IssueCode = z.core.$ZodIssue['code'];

/**
 * What a field says when it fails: `required` when it is blank, a text per zod issue code
 * (`too_small`, `invalid_format` …) where the form tells the cases apart, `invalid` otherwise.
 */
export type FieldTexts = { required: string; invalid: string } & Partial<Record<IssueCode, string>>;

/** A rule as antd and antd-mobile forms take it (both run rc-field-form). */
export type FormRule = {
  required?: boolean;
  whitespace?: boolean;
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
};

type Options = {
  /** Also give the form the `required` rule it shows as a marker (only when the schema requires the field). */
  mark?: boolean;
  /** The field's value as the schema reads it (a picker's `['farming']` is `'farming'`). */
  from?: (value: unknown) => unknown;
};

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Whether the schema refuses a missing value. */
export const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

/**
 * The rules of one form field, from the contract's zod schema of that field: the browser refuses
 * exactly what the server would, with the page's own words. The one adapter for every form.
 */
export function schemaRules(schema: z.ZodType, texts: FieldTexts, { mark = false, from }: Options = {}): FormRule[] {
  const required = isRequired(schema);
  const check: FormRule = {
    validator: async (_rule, raw) => {
      const value = from ? from(raw) : raw;
      if (isBlank(value)) {
        // With the marker, the required rule has said it already.
        if (required && !mark) throw new Error(texts.required);
        return;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) return;
      const code = parsed.error.issues[0]?.code;
      throw new Error((code && texts[code]) || texts.invalid);
    },
  };
  return mark && required ? [{ required: true, whitespace: true, message: texts.required }, check] : [check];
}
