import 'server-only';
import { ErrorCode } from '@/lib/api/envelope';

type Code = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The one server error type; `code` maps to the HTTP status by `httpStatusOf`. */
export class ApiError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Business failures answer HTTP 200 (architecture.md); a missing login is an HTTP 401,
 * and a body over the limit an HTTP 413 (the connection's reader stopped, so proxies and
 * clients must know the request was not taken).
 */
export function httpStatusOf(code: number): number {
  if (code === ErrorCode.loginExpired) return 401;
  if (code === ErrorCode.tooLarge) return 413;
  if (code === ErrorCode.internal) return 500;
  return 200;
}

export const LOGIN_EXPIRED_MSG = 'login status has expired, please log in again';

export const fail = {
  invalid: (field: string, why: string) => new ApiError(ErrorCode.invalid, `${field}: ${why}`),
  unauthorized: () => new ApiError(ErrorCode.loginExpired, LOGIN_EXPIRED_MSG),
  forbidden: (msg: string, unlock?: unknown) => new ApiError(ErrorCode.forbidden, msg, unlock),
  notFound: (what = 'not found') => new ApiError(ErrorCode.notFound, what),
  conflict: (msg: string) => new ApiError(ErrorCode.conflict, msg),
  rateLimited: (msg: string, data?: unknown) => new ApiError(ErrorCode.rateLimited, msg, data),
  tooLarge: (msg: string) => new ApiError(ErrorCode.tooLarge, msg),
  generic: (msg: string) => new ApiError(ErrorCode.generic, msg),
};
