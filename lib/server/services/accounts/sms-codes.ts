import 'server-only';
import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { circuitOpen, ProviderUnavailable, retryAfterSeconds } from '../../adapters/circuit';
import { smsAdapter, type SmsPurpose } from '../../adapters/sms';
import { safeEqual } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { smsCodes, users } from '../../db/schema';
import { env } from '../../env';
import { fail } from '../../errors';
import { recordFault } from '../../fleet/faults';
import { hostKey } from '../../http/address-key';
import { chargeLimits, describeWait, perAddress, withinLimits, type LimitRule } from '../../rate-limit';
import { deriveKey } from '../../secret';
import { msg } from '@/lib/i18n/server-messages';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_GAP_MS = 60 * 1000;
/** Codes one phone may receive a day, per purpose (registration and password reset apart). */
export const PHONE_DAILY_LIMIT = 10;
/** Of those, how many one client address may ask for: one address alone cannot spend a phone's quota. */
export const PHONE_ADDRESS_DAILY_LIMIT = 5;
export const IP_HOURLY_LIMIT = 30;
export const IP_DAILY_LIMIT = 100;

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/**
 * The limits of one send (docs/accounts.md), per purpose, so texts asking to register never use
 * up the phone's password resets. The per-address limits carry the abuse load: whoever floods
 * one phone from one address runs out long before the phone's own quota does, so its owner
 * can still get a reset code (which also lifts a login lock-out).
 */
function sendRules(phone: string, purpose: SmsPurpose, ip: string | null): LimitRule[] {
  const rules: LimitRule[] = [
    {
      bucket: `sms-${purpose}-gap`,
      key: phone,
      limit: 1,
      windowMs: RESEND_GAP_MS,
      message: (w) => msg('accounts.codeGap', { wait: describeWait(w) }),
    },
    {
      bucket: `sms-${purpose}-day`,
      key: phone,
      limit: PHONE_DAILY_LIMIT,
      windowMs: DAY_MS,
      message: (w) => msg('accounts.codeDailyLimit', { limit: PHONE_DAILY_LIMIT, wait: describeWait(w) }),
    },
  ];
  // Without a known address (no socket, no trusted proxy header) there is nothing to key on.
  if (ip) {
    rules.push(
      ...perAddress(
        ip,
        {
          bucket: `sms-${purpose}-address-day`,
          limit: PHONE_ADDRESS_DAILY_LIMIT,
          windowMs: DAY_MS,
          message: (w) => msg('accounts.codeAddressLimit', { limit: PHONE_ADDRESS_DAILY_LIMIT, wait: describeWait(w) }),
        },
        (address) => `${phone}@${address}`,
      ),
      ...perAddress(ip, {
        bucket: 'sms-ip-hour',
        limit: IP_HOURLY_LIMIT,
        windowMs: HOUR_MS,
        message: (w) => msg('accounts.codeNetworkLimit', { wait: describeWait(w) }),
      }),
      ...perAddress(ip, {
        bucket: 'sms-ip-day',
        limit: IP_DAILY_LIMIT,
        windowMs: DAY_MS,
        message: (w) => msg('accounts.codeNetworkLimit', { wait: describeWait(w) }),
      }),
    );
  }
  return rules;
}

/** Keyed hash, bound to phone and purpose: a leaked table does not give the codes away. */
function hashCode(phone: string, purpose: SmsPurpose, code: string) {
  return createHmac('sha256', deriveKey('sms-code')).update(`${purpose}:${phone}:${code}`).digest('hex');
}

function codeText(purpose: SmsPurpose, code: string) {
  const brand = env().SITE_NAME;
  return purpose === 'register'
    ? `【${brand}】注册验证码 ${code}，10分钟内有效，请勿告诉他人。Your registration code is ${code}, valid for 10 minutes.`
    : `【${brand}】找回密码验证码 ${code}，10分钟内有效，请勿告诉他人。Your password reset code is ${code}, valid for 10 minutes.`;
}

function noticeText(purpose: SmsPurpose) {
  const brand = env().SITE_NAME;
  return purpose === 'register'
    ? `【${brand}】此号码已注册，请直接登录；忘记密码可使用“找回密码”。This number is already registered: log in, or use "forgot password".`
    : `【${brand}】此号码尚未注册，无法找回密码，可直接注册。No account uses this number, so there is no password to reset; you can register.`;
}

/**
 * SendValidateCode / SendRetrieveCode.
 *
 * Enumeration safety: the caller always gets `{code:1}` and the same limits, and a
 * text always goes out, so neither the answer nor its timing tells whether the
 * number has an account. Only the phone's holder learns it: a registered number
 * asking to register gets a notice "already registered" instead of a code, and an
 * unknown number asking to retrieve gets "no account uses this number". A notice
 * still writes an `sms_codes` row (without a code hash) and counts against the limits.
 */
export async function sendCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; ip: string | null; now: Date; requestId?: string },
) {
  const { phone, purpose, ip, now } = input;
  const adapter = smsAdapter(db);
  // The gateway has been failing: refuse before anything is written or counted (docs/reliability.md).
  if (adapter.name === 'http' && circuitOpen('sms'))
    return smsUnavailable(input.requestId, new ProviderUnavailable('sms', true, retryAfterSeconds('sms'), null));
  const message = await withinLimits(db, sendRules(phone, purpose, ip), now, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    const wantsCode = purpose === 'register' ? !existing : !!existing;
    const code = wantsCode ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
    // A code is worthless a day after it was sent; the limits live in rate_events.
    await tx.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now.getTime() - DAY_MS)));
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: code ? hashCode(phone, purpose, code) : null,
        // Who asked: the code is checked first for that address (checkCode).
        ip: ip ? hostKey(ip) : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ id: smsCodes.id });
    return { id: row!.id, phone, purpose, code, text: code ? codeText(purpose, code) : noticeText(purpose) };
  });
  const { id, ...text } = message;
  try {
    await adapter.send(text, now);
  } catch (e) {
    // No one received this code: it is taken back, so an earlier code that did arrive still
    // counts. The send still counts against the limits, so a failing gateway is not hammered.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    console.error(`SMS to ${phone.slice(0, 3)}****${phone.slice(-4)} failed:`, e instanceof Error ? e.message : e);
    if (e instanceof ProviderUnavailable) return smsUnavailable(input.requestId, e);
    throw fail.generic(msg('accounts.smsFailed'));
  }
}

function smsUnavailable(requestId: string | undefined, e: ProviderUnavailable): never {
  recordFault('sms_provider', { id: requestId ?? 'none', circuitOpen: e.open, error: e.open ? 'circuit open' : e });
  throw fail.unavailable(msg('faults.smsUnavailable'), e.retryAfterSeconds);
}

const CODE_GONE = msg('accounts.codeGone');

/** A code that matched, checked by checkCode and not used up yet. */
export type CheckedCode = { id: string };

/** UserRegist and RetrievePassWord attempts one client address may make in an hour, any phones. */
export const CODE_CHECKS_PER_ADDRESS = 30;
/** Attempts on one phone's code per hour from addresses that did not ask for that code. */
export const CODE_CHECKS_PER_PHONE = 10;

const checkRules = (ip: string | null, phone: string, purpose: SmsPurpose, row: CodeRow | null): LimitRule[] => {
  const address = ip ? hostKey(ip) : null;
  const rules: LimitRule[] = ip
    ? perAddress(ip, {
        bucket: 'sms-check-address',
        limit: CODE_CHECKS_PER_ADDRESS,
        windowMs: HOUR_MS,
        message: (w) => msg('accounts.codeCheckNetworkLimit', { wait: describeWait(w) }),
      })
    : [];
  if (!row) return rules;
  // Whoever asked for the code is bound only by its wrong tries; others share the phone's window.
  if (row.ip === null || row.ip !== address)
    rules.push({
      bucket: `sms-check-${purpose}-phone`,
      key: phone,
      limit: CODE_CHECKS_PER_PHONE,
      windowMs: HOUR_MS,
      message: (w) => msg('accounts.codeCheckPhoneLimit', { wait: describeWait(w) }),
    });
  // Wrong tries per code and address: five from one address burn the code there, not for its owner.
  const wrong = { bucket: 'sms-code-wrong', limit: MAX_CODE_ATTEMPTS, windowMs: CODE_TTL_MS, message: () => TOO_MANY };
  rules.push(...(ip ? perAddress(ip, wrong, (a) => `${row.id}@${a}`) : [{ ...wrong, key: `${row.id}@unknown` }]));
  return rules;
};
const TOO_MANY = msg('accounts.tooManyWrongCodes');
const isWrongTry = (r: LimitRule) => r.bucket.startsWith('sms-code-wrong');

type CodeRow = { id: string; ip: string | null; codeHash: string | null; consumedAt: Date | null; expiresAt: Date };

/**
 * The code a UserRegist or RetrievePassWord from `address` is checked against: the newest live
 * code that address asked for (a stranger asking for a newer one does not replace it), else the
 * newest sent to the phone for that purpose (the owner may have changed networks since).
 */
async function codeFor(db: Db, phone: string, purpose: SmsPurpose, address: string | null, now: Date) {
  const columns = {
    id: smsCodes.id,
    ip: smsCodes.ip,
    codeHash: smsCodes.codeHash,
    consumedAt: smsCodes.consumedAt,
    expiresAt: smsCodes.expiresAt,
  };
  const ofPhone = and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose));
  if (address) {
    const [own] = await db
      .select(columns)
      .from(smsCodes)
      .where(and(ofPhone, eq(smsCodes.ip, address), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (own) return own;
  }
  const [newest] = await db.select(columns).from(smsCodes).where(ofPhone).orderBy(desc(smsCodes.createdAt)).limit(1);
  return newest ?? null;
}

/**
 * Checks a code without using it up (useCode does, once the password slot is held). Limits
 * (docs/accounts.md, "SMS codes"): CODE_CHECKS_PER_ADDRESS attempts an hour per client address;
 * CODE_CHECKS_PER_PHONE an hour on one phone's code from addresses that did not ask for it; and
 * 5 wrong tries per code and address, so a stranger's wrong guesses never burn the owner's code.
 * Wrong tries count even though the caller then fails, so they are kept outside any transaction of
 * the caller.
 */
export async function checkCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; code: string; ip: string | null; now: Date },
): Promise<CheckedCode> {
  const { phone, purpose, code, ip, now } = input;
  const row = await codeFor(db, phone, purpose, ip ? hostKey(ip) : null, now);
  const live = row && !row.consumedAt && row.expiresAt > now ? row : null;
  const rules = checkRules(ip, phone, purpose, live);
  const charge = rules.length ? await chargeLimits(db, rules, now) : null;
  if (!live) {
    await charge?.settle(() => true);
    throw fail.generic(CODE_GONE);
  }
  const matches = live.codeHash !== null && safeEqual(live.codeHash, hashCode(phone, purpose, code));
  // A right code gives back its wrong-try events; a wrong one keeps every event.
  await charge?.settle((r) => !matches || !isWrongTry(r));
  if (!matches) {
    const tried = Math.max(0, ...rules.filter(isWrongTry).map((r) => charge?.count(r) ?? 0));
    const left = MAX_CODE_ATTEMPTS - tried;
    throw fail.generic(left > 0 ? msg('accounts.wrongCode', { left }) : TOO_MANY);
  }
  return { id: live.id };
}

/** Uses up a code checkCode matched. The conditional update is what makes a code single-use when two requests race. */
export async function useCode(db: Db, checked: CheckedCode, now: Date) {
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, checked.id), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw fail.generic(CODE_GONE);
}
