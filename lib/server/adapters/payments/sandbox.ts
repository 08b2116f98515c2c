import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../../env';
import { deriveKey } from '../../secret';
import type { VerifiedNotice } from '../../services/commerce/settle';
import { formFields, textReply, type PaymentProvider } from './types';

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

/** The built-in gateway (default outside production): a page at /pay/sandbox/{trade code} with Pay / Cancel. */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    merchantId: SANDBOX_MERCHANT,
    async createPayment(order) {
      const payUrl = new URL(`/pay/sandbox/${order.tradeCode}`, env().SITE_URL).toString();
      return { payUrl, qrContent: payUrl };
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
  };
}
