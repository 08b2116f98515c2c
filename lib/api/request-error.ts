import type { Locale } from '@/lib/shared/locale';
import { loadCatalogue, textIn } from '@/lib/i18n/server-catalogue';
import type { MessageParams, MessageRef } from '@/lib/i18n/server-messages';
import { LOGIN_EXPIRED_CODE, SUCCESS_CODE, envelopeCode } from './envelope';

// Texts of docs/api.md (en); pages show them in their language through the message keys below.
export const MSG_LOGIN_EXPIRED = 'login status has expired, please log in again';
export const MSG_SERVER_BUSY = 'server busy, please try again later';
export const MSG_NETWORK_FAILED = 'network request failed, please try again later';
export const MSG_TIMED_OUT = 'the request took too long, please try again';

const CLIENT_KEYS: Record<string, MessageRef['key']> = {
  [MSG_LOGIN_EXPIRED]: 'errors.loginExpired',
  [MSG_SERVER_BUSY]: 'errors.serverBusy',
  [MSG_NETWORK_FAILED]: 'errors.networkFailed',
  [MSG_TIMED_OUT]: 'errors.timedOut',
};

/** A call that never reached the server or got no answer in time (code 0): the connection, not the request. */
export function isConnectionError(e: unknown): boolean {
  return e instanceof RequestError && e.code === 0 && (e.msg === MSG_NETWORK_FAILED || e.msg === MSG_TIMED_OUT);
}

/** The error every call rejects with: the code and msg the global handler reads (docs/api.md). */
export class RequestError extends Error {
  /** The message's key and parameters when the server sent them (or the docs/api.md text it is). */
  readonly ref: MessageRef | undefined;
  /** What a person reads: the message in the page's language once `localised`, else `msg`. */
  text: string;
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data?: unknown,
    ref?: MessageRef,
  ) {
    super(msg);
    this.name = 'RequestError';
    this.ref = ref ?? (CLIENT_KEYS[msg] ? { key: CLIENT_KEYS[msg] } : undefined);
    this.text = msg;
  }
}

function refOf(b: { msgKey?: unknown; msgParams?: unknown }): MessageRef | undefined {
  if (typeof b.msgKey !== 'string') return undefined;
  const params = b.msgParams && typeof b.msgParams === 'object' ? (b.msgParams as MessageParams) : undefined;
  return { key: b.msgKey as MessageRef['key'], ...(params && { params }) };
}

/**
 * The error catalogue of docs/api.md, as a pure function of the HTTP status and the
 * parsed body: undefined when the call passed, else the error to raise.
 */
export function classifyResponse(status: number, body: unknown): RequestError | undefined {
  if (status === 401) return new RequestError(LOGIN_EXPIRED_CODE, MSG_LOGIN_EXPIRED);
  const code = envelopeCode(body);
  // A 503 in the envelope says what is away and that nothing was done (docs/reliability.md): its message is shown.
  const statusPasses = status === 0 || (status >= 200 && status <= 299) || (status === 503 && code === 503);
  if (!statusPasses) return new RequestError(status, MSG_SERVER_BUSY);
  if (code === SUCCESS_CODE) return undefined;
  if (code === LOGIN_EXPIRED_CODE) return new RequestError(LOGIN_EXPIRED_CODE, MSG_LOGIN_EXPIRED);
  const b = (body && typeof body === 'object' ? body : {}) as {
    msg?: unknown;
    data?: unknown;
    msgKey?: unknown;
    msgParams?: unknown;
  };
  if (typeof b.msg !== 'string' || !b.msg) return new RequestError(code ?? 0, MSG_NETWORK_FAILED, b.data);
  return new RequestError(code ?? 0, b.msg, b.data, refOf(b));
}

/** The language of the page (its `<html lang>`), which every message is shown in. */
export function pageLocale(): Locale {
  return typeof document !== 'undefined' && document.documentElement.lang.toLowerCase().startsWith('zh')
    ? 'zh-CN'
    : 'en';
}

/**
 * Sets `err.text` to the message in `locale`. English is what the server already wrote, so an
 * English page loads nothing; a key this page does not know (a newer server) keeps `msg`.
 */
export async function localise(err: RequestError, locale: Locale = pageLocale()): Promise<RequestError> {
  if (!err.ref || locale === 'en') return err;
  try {
    await loadCatalogue(locale);
    err.text = textIn(locale, err.ref, err.msg);
  } catch {
    // The catalogue chunk did not load (offline): the English sentence still explains.
  }
  return err;
}
