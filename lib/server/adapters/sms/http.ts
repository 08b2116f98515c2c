import 'server-only';
import type { SmsAdapter, SmsMessage } from './types';

const TIMEOUT_MS = 10_000;

/**
 * Posts `{phone, text, purpose}` as JSON to SMS_GATEWAY_URL with a bearer token.
 * The gateway (or a small bridge in front of a vendor's API) answers 2xx once it
 * has accepted the text. The code itself is never sent separately or logged.
 */
export class HttpSms implements SmsAdapter {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async send(msg: SmsMessage) {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ phone: msg.phone, text: msg.text, purpose: msg.purpose }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new Error(`SMS gateway unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}
