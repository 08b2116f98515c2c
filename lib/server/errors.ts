import 'server-only';
import { ErrorCode } from '@/lib/api/envelope';
import { msg, renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { serverEn } from '@/lib/i18n/messages/server.en';

type Code = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The English sentence of a message: the envelope's `msg`. */
export function englishOf(ref: MessageRef): string {
  return renderMessage(ref, 'en', serverEn) ?? ref.key;
}

/**
 * The one server error type; `code` maps to the HTTP status by `httpStatusOf`. Built from a
 * message reference, it answers `msg` in English plus `msgKey`/`msgParams`, which the page
 * renders in its own language (docs/decisions/i18n-messages.md).
 */
export class ApiError extends Error {
  readonly ref: MessageRef | undefined;
  constructor(
    readonly code: Code,
    message: MessageRef | string,
    readonly data?: unknown,
  ) {
    super(typeof message === 'string' ? message : englishOf(message));
    this.ref = typeof message === 'string' ? undefined : message;
    this.name = 'ApiError';
  }
}

/**
 * Business failures answer HTTP 200; a missing login is an HTTP 401 (docs/decisions/business-errors-as-http-200.md),
 * and a body over the limit an HTTP 413 (the reader stopped, so proxies and clients must know it was not taken).
 */
export function httpStatusOf(code: number): number {
  if (code === ErrorCode.loginExpired) return 401;
  if (code === ErrorCode.tooLarge) return 413;
  if (code === ErrorCode.internal) return 500;
  // Something we depend on is away (docs/reliability.md): retry after the Retry-After header.
  if (code === ErrorCode.unavailable) return 503;
  return 200;
}

export const LOGIN_EXPIRED_MSG = serverEn['errors.loginExpired'];

/** A request field, named as a person reads it when the catalogue has a label for it. */
export function fieldRef(field: string): MessageRef | string {
  const key = `field.${field}`;
  return key in serverEn ? { key: key as keyof typeof serverEn } : field;
}

/** `field: why` — the field that was wrong and the reason. */
export function invalidField(field: string, why: MessageRef): MessageRef {
  return msg('validation.field', { field: fieldRef(field), why });
}

/**
 * The failures a person may read take a message of lib/i18n/messages/server.en.ts (add the key
 * there and in server.zh-cn.ts): `fail.conflict(msg('commerce.alreadyPaid'))`.
 */
export const fail = {
  invalid: (field: string, why: MessageRef) => new ApiError(ErrorCode.invalid, invalidField(field, why)),
  unauthorized: () => new ApiError(ErrorCode.loginExpired, msg('errors.loginExpired')),
  forbidden: (m: MessageRef, unlock?: unknown) => new ApiError(ErrorCode.forbidden, m, unlock),
  notFound: (what: MessageRef = msg('errors.notFound')) => new ApiError(ErrorCode.notFound, what),
  conflict: (m: MessageRef) => new ApiError(ErrorCode.conflict, m),
  rateLimited: (m: MessageRef, data?: unknown) => new ApiError(ErrorCode.rateLimited, m, data),
  tooLarge: (m: MessageRef) => new ApiError(ErrorCode.tooLarge, m),
  generic: (m: MessageRef) => new ApiError(ErrorCode.generic, m),
  /** HTTP 503 with Retry-After: the database or a provider is away; nothing was done. */
  unavailable: (m: MessageRef, retryAfterSeconds: number) =>
    new ApiError(ErrorCode.unavailable, m, { retryAfterSeconds }),
};
