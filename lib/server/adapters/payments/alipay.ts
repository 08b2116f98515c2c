import 'server-only';
import { AlipaySdk } from 'alipay-sdk';
import { env, type Env } from '../../env';
import type { VerifiedNotice } from '../../services/commerce/settle';
import { parseRsaKey, toPem } from './keys';
import { fenToYuan, formFields, textReply, yuanToFen, type PaymentProvider, type RefundAnswer } from './types';

/** Alipay reports times in Beijing time, without a zone: "2030-01-01 12:00:00". */
function beijing(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
}
const toBeijing = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const EVENTS: Record<string, VerifiedNotice['event']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
  WAIT_BUYER_PAY: 'waiting',
};

let cached: { key: string; sdk: AlipaySdk } | undefined;
function sdkFor(e: Env): AlipaySdk {
  const key = [e.ALIPAY_APP_ID, e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PUBLIC_KEY, e.ALIPAY_GATEWAY].join('\n');
  if (cached?.key !== key) {
    const sdk = new AlipaySdk({
      appId: e.ALIPAY_APP_ID!,
      privateKey: toPem(parseRsaKey(e.ALIPAY_PRIVATE_KEY!, 'private'), 'private'),
      keyType: 'PKCS8',
      alipayPublicKey: toPem(parseRsaKey(e.ALIPAY_PUBLIC_KEY!, 'public'), 'public'),
      gateway: e.ALIPAY_GATEWAY,
      signType: 'RSA2',
    });
    cached = { key, sdk };
  }
  return cached.sdk;
}

/** Alipay computer-website pay (alipay.trade.page.pay), RSA2 both ways; env() has checked the keys. */
export function alipayProvider(): PaymentProvider {
  const e = env();
  const merchantId = e.ALIPAY_SELLER_ID ? `${e.ALIPAY_APP_ID}/${e.ALIPAY_SELLER_ID}` : e.ALIPAY_APP_ID!;
  return {
    name: 'alipay',
    merchantId,
    async createPayment(order) {
      const payUrl = sdkFor(e).pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.tradeCode,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: fenToYuan(order.amountFen),
          subject: order.subject.slice(0, 256),
          // Alipay closes the trade when our order expires, so no one pays a closed order.
          time_expire: toBeijing(order.expiresAt),
        },
        notifyUrl: new URL('/api/pay/notify/alipay', e.SITE_URL).toString(),
        // Alipay sends the payer's browser back here once paid; the page waits for the notify.
        returnUrl: new URL(order.returnPath, e.SITE_URL).toString(),
      });
      return { payUrl, qrContent: payUrl };
    },
    async verifyNotify(req): Promise<VerifiedNotice | null> {
      const f = await formFields(req);
      if (!f?.sign) return null;
      let valid = false;
      try {
        // The fields are already URL-decoded: verify them as they are.
        valid = sdkFor(e).checkNotifySignV2(f);
      } catch {
        valid = false;
      }
      if (!valid) return null;
      const event = EVENTS[f.trade_status ?? ''];
      const amountFen = yuanToFen(f.total_amount);
      if (!event || amountFen === null || !f.out_trade_no || (event === 'paid' && !f.trade_no)) return null;
      const { sign: _sign, ...payload } = f;
      return {
        provider: 'alipay',
        tradeCode: f.out_trade_no,
        merchantId: e.ALIPAY_SELLER_ID ? `${f.app_id ?? ''}/${f.seller_id ?? ''}` : (f.app_id ?? ''),
        event,
        providerTxnId: f.trade_no ?? '',
        amountFen,
        paidAt: beijing(f.gmt_payment),
        payload,
      };
    },
    reply: textReply,
    async refund(r, signal): Promise<RefundAnswer> {
      // alipay.trade.refund; out_request_no makes a repeat of the same refund give nothing more
      // back (Alipay answers it again with fund_change N). The SDK checks the answer's signature.
      const res = (await Promise.race([
        sdkFor(e).exec(
          'alipay.trade.refund',
          {
            bizContent: {
              out_trade_no: r.tradeCode,
              trade_no: r.providerTxnId,
              refund_amount: fenToYuan(r.amountFen),
              out_request_no: r.refundNo,
              refund_reason: r.reason.slice(0, 256),
            },
          },
          { validateSign: true },
        ),
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
      ])) as Record<string, string | undefined>;
      if (res.code !== '10000')
        return { ok: false, why: `${res.code ?? ''} ${res.subCode ?? ''} ${res.subMsg ?? res.msg ?? ''}`.trim() };
      const amountFen = yuanToFen(res.refundFee);
      if (res.outTradeNo !== r.tradeCode || amountFen === null)
        return { ok: false, why: 'the answer names another trade or no amount' };
      return {
        ok: true,
        providerRefundId: `${res.tradeNo ?? r.providerTxnId}/${r.refundNo}`,
        amountFen,
        payload: {
          source: 'alipay.trade.refund',
          trade_no: res.tradeNo ?? '',
          fund_change: res.fundChange ?? '',
          refund_fee: res.refundFee ?? '',
          gmt_refund_pay: res.gmtRefundPay ?? '',
        },
      };
    },
    async queryPayment(tradeCode, signal): Promise<VerifiedNotice | null> {
      // The SDK checks the answer's signature with Alipay's public key (validateSign).
      const r = (await Promise.race([
        sdkFor(e).exec('alipay.trade.query', { bizContent: { out_trade_no: tradeCode } }, { validateSign: true }),
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
      ])) as Record<string, string | undefined>;
      if (r.code !== '10000') {
        if (r.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
        throw new Error(`alipay.trade.query answered ${r.code} ${r.subCode ?? ''} ${r.subMsg ?? r.msg ?? ''}`.trim());
      }
      const event = EVENTS[r.tradeStatus ?? ''];
      const amountFen = yuanToFen(r.totalAmount);
      if (!event || amountFen === null || r.outTradeNo !== tradeCode || (event === 'paid' && !r.tradeNo)) return null;
      return {
        provider: 'alipay',
        tradeCode,
        // The answer is signed by Alipay for this application: it concerns our merchant.
        merchantId,
        event,
        providerTxnId: r.tradeNo ?? '',
        amountFen,
        paidAt: beijing(r.sendPayDate),
        payload: { source: 'alipay.trade.query', trade_status: r.tradeStatus ?? '', trade_no: r.tradeNo ?? '' },
      };
    },
  };
}
