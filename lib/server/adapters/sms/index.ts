import 'server-only';
import type { Db } from '../../db/client';
import { env } from '../../env';
import { HttpSms } from './http';
import { OutboxSms } from './outbox';
import type { SmsAdapter } from './types';

export type { SmsAdapter, SmsMessage, SmsPurpose } from './types';

/** The adapter SMS_ADAPTER selects (validated in env.ts: in production the outbox needs DEMO_MODE=1). */
export function smsAdapter(db: Db): SmsAdapter {
  const e = env();
  if (e.SMS_ADAPTER === 'http') return new HttpSms(e.SMS_GATEWAY_URL!, e.SMS_GATEWAY_TOKEN!);
  return new OutboxSms(db);
}

/** /dev/sms and /api/dev/sms exist only while texts go to the outbox. */
export function outboxActive(): boolean {
  return env().SMS_ADAPTER === 'outbox';
}

export { listOutbox, type OutboxEntry } from './outbox';
