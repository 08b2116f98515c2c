import 'server-only';
import { callProvider } from '../circuit';
import type { SmsAdapter, SmsMessage } from './types';

/**
 * Posts `{phone, text, purpose}` as JSON to SMS_GATEWAY_URL with a bearer token.
 * The gateway (or a small bridge in front of a vendor's API) answers 2xx once it
 * has accepted the text. The code itself is never sent separately or logged.
 * Each send is bounded by PROVIDER_TIMEOUT_MS and goes through the SMS circuit
 * (../circuit.ts): a failing gateway is not waited on again and again.
 */
export class HttpSms implements SmsAdapter {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async send(msg: SmsMessage) {
    await callProvider('sms', async (signal) => {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ phone: msg.phone, text: msg.text, purpose: msg.purpose }),
        signal,
      });
      // The body is not needed; reading it frees the connection.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    });
  }
}
