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
