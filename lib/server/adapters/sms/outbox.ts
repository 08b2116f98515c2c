import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { SmsAdapter, SmsMessage, SmsPurpose } from './types';

/** Keeps texts in `sms_outbox` instead of sending them; /dev/sms shows them. */
export class OutboxSms implements SmsAdapter {
  readonly name = 'outbox';
  constructor(private readonly db: Db) {}

  async send(msg: SmsMessage, now: Date) {
    await this.db.insert(smsOutbox).values({ ...msg, sentAt: now });
  }
}

export type OutboxEntry = { phone: string; purpose: SmsPurpose; text: string; code: string | null; sentAt: string };

/** Newest first; one phone's texts when given. */
export async function listOutbox(db: Db, phone?: string, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    phone: r.phone,
    purpose: r.purpose as SmsPurpose,
    text: r.text,
    code: r.code,
    sentAt: r.sentAt.toISOString(),
  }));
}
