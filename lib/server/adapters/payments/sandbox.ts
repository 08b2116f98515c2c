import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../../env';
import { deriveKey } from '../../secret';
import type { VerifiedNotice } from '../../services/commerce/settle';
import { formFields, textReply, type PaymentProvider, type RefundAnswer, type RefundRequest } from './types';

export const SANDBOX_MERCHANT = 'yoonop-sandbox';
const TRADE_CODE = /^[A-Za-z0-9]{1,64}$/;

/** Canonical text signed by the gateway: the fields sorted by name, `k=v` joined by `&` (sign excluded). */
export function canonical(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function signSandbox(fields: Record<string, string>): string {
  return createHmac('sha256', deriveKey('pay-sandbox-notify')).update(canonical(fields)).digest('base64url');
}

/** The body the sandbox gateway posts to the portal when the payer presses Pay or Cancel. */
export function sandboxNotifyBody(input: {
  tradeCode: string;
  amountFen: number;
  event: 'paid' | 'closed';
  now: Date;
}): string {
  const fields: Record<string, string> = {
    trade_code: input.tradeCode,
    merchant: SANDBOX_MERCHANT,
    event: input.event,
    amount_fen: String(input.amountFen),
    txn_id: input.event === 'paid' ? `SBX${input.now.getTime()}${randomBytes(6).toString('hex')}` : '',
    paid_at: input.event === 'paid' ? input.now.toISOString() : '',
  };
  return new URLSearchParams({ ...fields, sign: signSandbox(fields) }).toString();
}

const pageMac = (tradeCode: string, exp: number) =>
  createHmac('sha256', deriveKey('pay-sandbox-page')).update(`${tradeCode}.${exp}`).digest('base64url');

/**
 * The gateway page's key to one order: `<expiry ms>.<HMAC(trade code, expiry)>`. It is only
 * handed out with the pay URL (PayMemberOrderPC / PayDataProductOrderPC, which answer the
 * order's owner alone) and lives as long as the order may be paid, so knowing a trade code
 * is not enough to pay or cancel someone's order; it is also what the page's form posts back
 * (no other site can make a browser post a valid one).
 */
export function sandboxPageToken(tradeCode: string, expiresAt: Date): string {
  const exp = expiresAt.getTime();
  return `${exp}.${pageMac(tradeCode, exp)}`;
}

/** Whether `token` opens the gateway page of this order now. */
export function sandboxPageTokenValid(tradeCode: string, token: string | null | undefined, now: Date): boolean {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return false;
  const exp = Number(m[1]);
  if (exp <= now.getTime()) return false;
  const expected = Buffer.from(pageMac(tradeCode, exp));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const REFUND_NO = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The sandbox gateway's refund desk, as a real gateway's would be: it takes a refund request signed
 * with the merchant's key, checks it, and answers with its own signature. Refunds are keyed by the
 * merchant's refund number, so the same number asked again answers the same refund id and gives
 * nothing more back. Pure: the gateway keeps no books of its own (the portal's payment row is the
 * trade it refunds; docs/commerce.md "Refunds").
 */
export function sandboxGatewayRefund(body: string, now: Date): string {
  const f = Object.fromEntries(new URLSearchParams(body));
  const answer = (fields: Record<string, string>) =>
    new URLSearchParams({ ...fields, sign: signWith('pay-sandbox-refund-answer', fields) }).toString();
  const expected = Buffer.from(signWith('pay-sandbox-refund', f));
  const given = Buffer.from(f.sign ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return answer({ status: 'refused', why: 'bad signature' });
  const paid = Number(f.paid_fen);
  const amount = Number(f.refund_fen);
  if (f.merchant !== SANDBOX_MERCHANT) return answer({ status: 'refused', why: 'not this merchant' });
  if (!TRADE_CODE.test(f.trade_code ?? '') || !f.txn_id || !REFUND_NO.test(f.refund_no ?? ''))
    return answer({ status: 'refused', why: 'malformed request' });
  if (!Number.isSafeInteger(paid) || !Number.isSafeInteger(amount) || amount <= 0 || amount > paid)
    return answer({ status: 'refused', why: 'refund amount exceeds the payment' });
  const refundId = `SBXR${createHmac('sha256', deriveKey('pay-sandbox-refund-id')).update(`${f.txn_id}.${f.refund_no}`).digest('hex').slice(0, 24)}`;
  return answer({
    status: 'refunded',
    trade_code: f.trade_code!,
    refund_no: f.refund_no!,
    refund_id: refundId,
    refund_fen: String(amount),
    refunded_at: now.toISOString(),
  });
}

function signWith(purpose: string, fields: Record<string, string>): string {
  return createHmac('sha256', deriveKey(purpose)).update(canonical(fields)).digest('base64url');
}

/** The merchant's side: a signed request to the gateway, and its answer checked before it is believed. */
export async function sandboxRefund(r: RefundRequest, now = new Date()): Promise<RefundAnswer> {
  const fields: Record<string, string> = {
    merchant: SANDBOX_MERCHANT,
    trade_code: r.tradeCode,
    txn_id: r.providerTxnId,
    refund_no: r.refundNo,
    paid_fen: String(r.paidFen),
    refund_fen: String(r.amountFen),
    reason: r.reason,
  };
  const reply = sandboxGatewayRefund(
    new URLSearchParams({ ...fields, sign: signWith('pay-sandbox-refund', fields) }).toString(),
    now,
  );
  const a = Object.fromEntries(new URLSearchParams(reply));
  const expected = Buffer.from(signWith('pay-sandbox-refund-answer', a));
  const given = Buffer.from(a.sign ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, why: 'the gateway answer is not signed by the gateway' };
  if (a.status !== 'refunded') return { ok: false, why: a.why ?? 'refused' };
  if (a.trade_code !== r.tradeCode || a.refund_no !== r.refundNo || !a.refund_id)
    return { ok: false, why: 'the gateway answered about another refund' };
  const { sign: _sign, ...payload } = a;
  return { ok: true, providerRefundId: a.refund_id, amountFen: Number(a.refund_fen), payload };
}

/** The built-in gateway (default outside production): a page at /pay/sandbox/{trade code} with Pay / Cancel. */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    merchantId: SANDBOX_MERCHANT,
    async createPayment(order) {
      // A relative link for this site's pages; the QR code is opened on a phone, so it needs the public
      // origin. The link the buyer follows returns to the portal once paid (r=1, as a real gateway's
      // return URL); a QR code is scanned by another device, which has no portal page to go back to.
      const page = `/pay/sandbox/${order.tradeCode}?t=${encodeURIComponent(sandboxPageToken(order.tradeCode, order.expiresAt))}`;
      return { payUrl: `${page}&r=1`, qrContent: new URL(page, env().SITE_URL).toString() };
    },
    async verifyNotify(req): Promise<VerifiedNotice | null> {
      const f = await formFields(req);
      if (!f?.sign) return null;
      const expected = Buffer.from(signSandbox(f));
      const given = Buffer.from(f.sign);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const amountFen = Number(f.amount_fen);
      const event = f.event === 'paid' || f.event === 'closed' ? f.event : null;
      if (!event || !TRADE_CODE.test(f.trade_code ?? '') || !Number.isSafeInteger(amountFen)) return null;
      const paidAt = f.paid_at ? new Date(f.paid_at) : null;
      if (paidAt && Number.isNaN(paidAt.getTime())) return null;
      if (event === 'paid' && (!f.txn_id || !paidAt)) return null;
      const { sign: _sign, ...payload } = f;
      return {
        provider: 'sandbox',
        tradeCode: f.trade_code!,
        merchantId: f.merchant ?? '',
        event,
        providerTxnId: f.txn_id ?? '',
        amountFen,
        paidAt,
        payload,
      };
    },
    reply: textReply,
    refund: (r) => sandboxRefund(r),
  };
}
