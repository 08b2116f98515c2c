// The response envelope and its codes (docs/api.md).
export const SUCCESS_CODE = 1;
export const LOGIN_EXPIRED_CODE = 401;

export const ErrorCode = {
  generic: 0,
  invalid: 400,
  loginExpired: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export type SuccessEnvelope<T> = { code: 1; data?: T };
export type FailureEnvelope = { code: number; msg: string; data?: unknown };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** Some upstreams spell the code `Code` (docs/api.md); read either. */
export function envelopeCode(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const c = b.code ?? b.Code;
  return typeof c === 'number'
    ? c
    : typeof c === 'string' && c.trim() !== '' && !Number.isNaN(Number(c))
      ? Number(c)
      : undefined;
}
