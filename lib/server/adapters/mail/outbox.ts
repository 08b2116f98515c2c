import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailAdapter, MailMessage } from './types';

/** Keeps messages in `mail_outbox` instead of sending them; /dev/mail shows them. */
export class OutboxMail implements MailAdapter {
  readonly name = 'outbox';
  constructor(private readonly db: Db) {}

  async send(msg: MailMessage, now: Date) {
    await this.db.insert(mailOutbox).values({ ...msg, to: msg.to.toLowerCase(), sentAt: now });
  }
}

export type MailOutboxEntry = MailMessage & { sentAt: string };

/**
 * One address's messages, newest first. Never every address's: whoever reads the outbox must
 * already know the address (as /dev/sms needs the phone).
 */
export async function listMailOutbox(db: Db, to: string, limit = 50): Promise<MailOutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    headers: r.headers,
    sentAt: r.sentAt.toISOString(),
  }));
}
