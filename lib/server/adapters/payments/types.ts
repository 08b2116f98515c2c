import 'server-only';
import { ApiError } from '../../errors';
import { readBodyText } from '../../http/read-body';
import type { VerifiedNotice } from '../../services/commerce/settle';

export type ProviderName = 'sandbox' | 'alipay';

/** What a provider needs to start a payment: the order as the portal priced it. */
export type PayableOrder = {
  tradeCode: string;
  amountFen: number;
  subject: string;
  expiresAt: Date;
  /** The order's result in the portal, where the payer's browser returns after paying. */
  returnPath: string;
};

/**
 * A payment provider (docs/architecture.md "Adapters"). The portal asks it for a
 * pay URL, and hands it each incoming notify to verify; everything after
 * verification is the shared settlement core.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Who must be named as the payee in every notify. */
  readonly merchantId: string;
  createPayment(order: PayableOrder): Promise<{ payUrl: string; qrContent: string }>;
  /** The verified notice, or null when the signature or the fields are wrong. */
  verifyNotify(req: Request): Promise<VerifiedNotice | null>;
  /** The answer the provider expects (Alipay: the text `success`). */
  reply(ok: boolean): Response;
  /**
   * Asks the provider how a trade stands (a call over the network; the sandbox has none): a
   * verified notice as a notify would bring it, or null when the provider does not know the trade.
   * Used to settle a payment whose notify is late or lost (docs/reliability.md).
   */
  queryPayment?(tradeCode: string, signal: AbortSignal): Promise<VerifiedNotice | null>;
  /**
   * Gives a paid trade's money back (docs/commerce.md "Refunds"). `refundNo` names the refund:
   * asked again with the same number, the provider refunds nothing more and answers the same, so
   * a refund whose answer was lost (or whose transaction failed after it) can safely be asked again.
   * A refusal (the trade is unknown, already refunded under another number …) is an answer, not a
   * failure: only a provider that cannot be reached throws.
   */
  refund(request: RefundRequest, signal: AbortSignal): Promise<RefundAnswer>;
}

/** What the portal asks a provider to give back: all of one paid trade. */
export type RefundRequest = {
  tradeCode: string;
  /** The provider's id of the payment. */
  providerTxnId: string;
  /** Ours, one per order: the same number asked twice is one refund. */
  refundNo: string;
  /** What was paid, and what to give back (the same: refunds are of whole orders). */
  paidFen: number;
  amountFen: number;
  reason: string;
};

/** The provider's signed answer, checked. */
export type RefundAnswer =
  | { ok: true; providerRefundId: string; amountFen: number; payload: Record<string, string> }
  | { ok: false; why: string };

/** Parses a decimal yuan amount ("39.00") into fen without floating point; null when malformed. */
export function yuanToFen(text: string | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** A notify is a few hundred bytes of form fields; anything past this is not one. */
export const MAX_NOTIFY_BYTES = 64 * 1024;

/**
 * Form fields of a notify (both providers post application/x-www-form-urlencoded). A body
 * over the limit is refused with code 413 (read no further); an unreadable one gives null.
 */
export async function formFields(req: Request): Promise<Record<string, string> | null> {
  let text: string;
  try {
    text = await readBodyText(req, MAX_NOTIFY_BYTES);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    return null;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export const textReply = (ok: boolean) =>
  new Response(ok ? 'success' : 'fail', {
    status: ok ? 200 : 400,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
