import 'server-only';
import type { Db } from '../../db/client';
import { env } from '../../env';
import { OutboxMail } from './outbox';
import { SmtpMail } from './smtp';
import type { MailAdapter } from './types';

export type { MailAdapter, MailMessage } from './types';

let smtp: SmtpMail | undefined;

/**
 * The adapter MAIL_ADAPTER selects (validated in env.ts: in production the outbox needs
 * DEMO_MODE=1, the same switch as the SMS outbox; SMTP needs SMTP_URL and MAIL_FROM).
 */
export function mailAdapter(db: Db): MailAdapter {
  const e = env();
  if (e.MAIL_ADAPTER === 'smtp') return (smtp ??= new SmtpMail(e.SMTP_URL!, e.MAIL_FROM!));
  return new OutboxMail(db);
}

/** /dev/mail and /api/dev/mail exist only while mail goes to the outbox. */
export function mailOutboxActive(): boolean {
  return env().MAIL_ADAPTER === 'outbox';
}

export { listMailOutbox, type MailOutboxEntry } from './outbox';
