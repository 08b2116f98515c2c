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

/**
 * One phone's texts, newest first. Never every phone's: whoever reads the outbox
 * must already know the number, so it cannot be used to harvest codes in bulk.
 */
export async function listOutbox(db: Db, phone: string, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
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
