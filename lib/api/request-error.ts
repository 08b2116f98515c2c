import { LOGIN_EXPIRED_CODE, SUCCESS_CODE, envelopeCode } from './envelope';

// Texts of docs/api.md (en); the UI translates them by these keys.
export const MSG_LOGIN_EXPIRED = 'login status has expired, please log in again';
export const MSG_SERVER_BUSY = 'server busy, please try again later';
export const MSG_NETWORK_FAILED = 'network request failed, please try again later';

/** The error every call rejects with: the code and msg the global handler reads (docs/api.md). */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'RequestError';
  }
}

/**
 * The error catalogue of docs/api.md, as a pure function of the HTTP status and the
 * parsed body: undefined when the call passed, else the error to raise.
 */
export function classifyResponse(status: number, body: unknown): RequestError | undefined {
  if (status === 401) return new RequestError(LOGIN_EXPIRED_CODE, MSG_LOGIN_EXPIRED);
  const statusPasses = status === 0 || (status >= 200 && status <= 299);
  if (!statusPasses) return new RequestError(status, MSG_SERVER_BUSY);
  const code = envelopeCode(body);
  if (code === SUCCESS_CODE) return undefined;
  if (code === LOGIN_EXPIRED_CODE) return new RequestError(LOGIN_EXPIRED_CODE, MSG_LOGIN_EXPIRED);
  const b = (body && typeof body === 'object' ? body : {}) as { msg?: unknown; data?: unknown };
  const msg = typeof b.msg === 'string' && b.msg ? b.msg : MSG_NETWORK_FAILED;
  return new RequestError(code ?? 0, msg, b.data);
}
