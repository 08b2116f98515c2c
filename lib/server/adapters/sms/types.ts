import 'server-only';

export type SmsPurpose = 'register' | 'retrieve' | 'alert' | 'feedback';

export type SmsMessage = {
  phone: string;
  purpose: SmsPurpose;
  text: string;
  /** The code the text carries; null for a notice. Only the outbox keeps it (for /dev/sms). */
  code: string | null;
};

/** Where texts go: the database outbox (development, tests, demos) or an SMS gateway. */
export interface SmsAdapter {
  readonly name: 'outbox' | 'http';
  send(msg: SmsMessage, now: Date): Promise<void>;
}
