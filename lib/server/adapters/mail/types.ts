import 'server-only';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on every alert. */
  headers: Record<string, string>;
};

/** Where e-mail goes: the database outbox (development, tests, demos) or an SMTP server. */
export interface MailAdapter {
  readonly name: 'outbox' | 'smtp';
  send(msg: MailMessage, now: Date): Promise<void>;
}
