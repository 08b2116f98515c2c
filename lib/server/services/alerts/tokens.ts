import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_CHANNELS, type AlertChannel } from '@/lib/shared/alert-limits';
import { deriveKey } from '../../secret';

/**
 * Signed links of alert messages (docs/alerts.md): an unsubscribe link that works without a login
 * (the user, the rule or every rule, and the channel, signed; it never expires, as a mailbox keeps
 * old messages), an e-mail address confirmation, and each user's webhook signing secret. Each has
 * its own key derived from APP_SECRET.
 */
const sign = (purpose: string, data: Buffer, bytes = 12) =>
  createHmac('sha256', deriveKey(purpose)).update(data).digest().subarray(0, bytes);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export type Unsubscribe = { userId: string; ruleId: string | null; channel: AlertChannel };

/** 60 characters or fewer: short enough for a text message. */
export function unsubscribeToken(u: Unsubscribe): string {
  const data = Buffer.concat([
    Buffer.from([ALERT_CHANNELS.indexOf(u.channel)]),
    uuidBytes(u.userId),
    u.ruleId ? uuidBytes(u.ruleId) : Buffer.alloc(0),
  ]);
  return Buffer.concat([data, sign('alert-unsubscribe', data)]).toString('base64url');
}

export function readUnsubscribeToken(token: string): Unsubscribe | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 1 + 16 + 12 && raw.length !== 1 + 32 + 12) return null;
  const data = raw.subarray(0, raw.length - 12);
  if (!timingSafeEqual(raw.subarray(raw.length - 12), sign('alert-unsubscribe', data))) return null;
  const channel = ALERT_CHANNELS[data[0]!];
  if (!channel) return null;
  return {
    channel,
    userId: uuidOf(data.subarray(1, 17)),
    ruleId: data.length === 33 ? uuidOf(data.subarray(17, 33)) : null,
  };
}

/** Confirms that `email` is the user's: valid for two days. */
export function emailToken(userId: string, email: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + 2 * 86_400;
  const data = Buffer.from(JSON.stringify({ u: userId, e: email, x: exp }));
  return `${data.toString('base64url')}.${sign('alert-email', data, 16).toString('base64url')}`;
}

export function readEmailToken(token: string, now: Date): { userId: string; email: string } | null {
  const [d, s] = token.split('.');
  if (!d || !s) return null;
  const data = Buffer.from(d, 'base64url');
  const given = Buffer.from(s, 'base64url');
  const want = sign('alert-email', data, 16);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  try {
    const j = JSON.parse(data.toString()) as { u: string; e: string; x: number };
    if (j.x * 1000 < now.getTime()) return null;
    return { userId: j.u, email: j.e };
  } catch {
    return null;
  }
}

/** The secret a user's webhook receiver checks signatures with; a new version replaces it. */
export function webhookSecret(userId: string, version: number): string {
  return `whsec_${createHmac('sha256', deriveKey('alert-webhook')).update(`${userId}:${version}`).digest('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its events. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}
