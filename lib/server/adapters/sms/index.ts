import 'server-only';
import type { Db } from '../../db/client';
import { env } from '../../env';
import { HttpSms } from './http';
import { OutboxSms } from './outbox';
import type { SmsAdapter } from './types';

export type { SmsAdapter, SmsMessage, SmsPurpose } from './types';

let warned = false;

/** The adapter SMS_ADAPTER selects (validated in env.ts). */
export function smsAdapter(db: Db): SmsAdapter {
  const e = env();
  if (e.SMS_ADAPTER === 'http') return new HttpSms(e.SMS_GATEWAY_URL!, e.SMS_GATEWAY_TOKEN!);
  if (e.NODE_ENV === 'production' && !warned) {
    warned = true;
    console.warn(
      'SMS: the outbox adapter is active in production; codes are visible at /dev/sms. Set SMS_GATEWAY_URL for real texts.',
    );
  }
  return new OutboxSms(db);
}

/** /dev/sms and /api/dev/sms exist only while texts go to the outbox. */
export function outboxActive(): boolean {
  return env().SMS_ADAPTER === 'outbox';
}

export { listOutbox, type OutboxEntry } from './outbox';
