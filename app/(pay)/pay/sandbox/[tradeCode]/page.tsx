// /pay/sandbox/{trade code} — the built-in sandbox gateway (PAYMENT_PROVIDER=sandbox).
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { LOCALE_COOKIE } from '@/lib/shared/locale';
import { ymdhm } from '@/lib/shared/dates';
import { fmt } from '@/lib/i18n/format';
import { dictionaries } from '@/lib/i18n/messages';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { siteName } from '@/lib/server/site';
import { getDb } from '@/lib/server/db/client';
import { activeProvider } from '@/lib/server/adapters/payments';
import { sandboxPageTokenValid } from '@/lib/server/adapters/payments/sandbox';
import { gatewayView } from '@/lib/server/services/commerce/sandbox-gateway';

// The gateway stands for the payment provider's own page, which writes amounts its own way
// (¥3564.00, no grouping), not the portal's.
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sandbox payment', robots: { index: false, follow: false } };

type One = string | string[] | undefined;
type Props = { params: Promise<{ tradeCode: string }>; searchParams: Promise<{ t?: One; r?: One }> };
const one = (v: One) => (Array.isArray(v) ? v[0] : v);

const card = {
  maxWidth: 480,
  margin: '40px auto',
  background: '#fff',
  borderRadius: 12,
  padding: 24,
  boxShadow: '0 2px 12px rgba(0,0,0,.08)',
};
const btn = {
  border: 0,
  borderRadius: 8,
  padding: '12px 20px',
  fontSize: 16,
  cursor: 'pointer',
  width: '100%',
} as const;

export default async function SandboxGatewayPage({ params, searchParams }: Props) {
  if (!activeProvider('sandbox')) notFound();
  const { tradeCode } = await params;
  const query = await searchParams;
  const token = one(query.t);
  // Whether to send the payer back to the portal after paying (r=1: a phone paying on itself; a
  // QR code scanned by another device has no portal page to go back to).
  const returns = one(query.r) === '1';
  const locale = negotiateLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
  const t = dictionaries[locale].payGateway;
  const now = new Date();
  // Only the owner's pay URL carries a valid token: the trade code alone shows nothing and moves nothing.
  const authorised = sandboxPageTokenValid(tradeCode, token, now);
  const view = authorised ? await gatewayView(await getDb(), tradeCode, now) : null;
  // In Beijing time and written as the portal writes times (2026-11-27 03:59), saying so: the
  // payer may be elsewhere.
  const expires = view ? fmt(t.expiresAt, { time: ymdhm(view.expiresAt) }) : '';
  return (
    <main style={{ padding: 16 }}>
      <section style={card} aria-labelledby="gateway-title">
        <h1 id="gateway-title" style={{ fontSize: 22, marginTop: 0 }}>
          {t.title}
        </h1>
        <p style={{ color: '#555' }}>{t.lead}</p>
        {!authorised ? (
          <>
            <p role="alert">{t.linkInvalid}</p>
            {/* A plain link: the portal is under another root layout. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/equitiesCentre/purchaseRecord">{t.back}</a>
          </>
        ) : !view ? (
          <p role="alert">{t.unknown}</p>
        ) : (
          <>
            <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px', alignItems: 'baseline' }}>
              <dt>{t.merchant}</dt>
              <dd style={{ margin: 0 }}>{siteName(locale)}</dd>
              <dt>{t.item}</dt>
              <dd style={{ margin: 0 }}>{locale === 'zh-CN' ? view.titleZh : view.titleEn}</dd>
              <dt>{t.orderNo}</dt>
              <dd style={{ margin: 0, fontFamily: 'monospace', fontSize: 17 }} data-testid="gateway-order-no">
                {view.orderNo}
              </dd>
              <dt>{t.tradeCode}</dt>
              <dd style={{ margin: 0, wordBreak: 'break-all', fontFamily: 'monospace', color: '#555' }}>
                {view.tradeCode}
              </dd>
              <dt>{t.amount}</dt>
              <dd style={{ margin: 0, fontSize: 24, fontWeight: 700 }} data-testid="gateway-amount">
                {yuan(view.amountFen)}
              </dd>
              {view.status === 'pending' && (
                <>
                  <dt>{t.expires}</dt>
                  <dd style={{ margin: 0 }}>{expires}</dd>
                </>
              )}
            </dl>
            {view.status === 'pending' ? (
              <form
                method="post"
                action={`/pay/sandbox/${view.tradeCode}/confirm`}
                style={{ display: 'grid', gap: 12, marginTop: 16 }}
              >
                <input type="hidden" name="t" value={token} />
                {returns && <input type="hidden" name="r" value="1" />}
                <button
                  type="submit"
                  name="action"
                  value="pay"
                  style={{ ...btn, background: '#1677ff', color: '#fff' }}
                >
                  {fmt(t.pay, { amount: yuan(view.amountFen) })}
                </button>
                <button
                  type="submit"
                  name="action"
                  value="cancel"
                  style={{ ...btn, background: '#eee', color: '#333' }}
                >
                  {t.cancel}
                </button>
              </form>
            ) : (
              <p role="status" style={{ fontSize: 18, fontWeight: 600 }}>
                {view.status === 'paid' ? t.paid : view.status === 'refunded' ? t.refunded : t.closed}
              </p>
            )}
            {/* A plain link: the portal is under another root layout. */}
            <a href={view.returnPath} style={{ display: 'inline-block', marginTop: 16, color: '#0f7b5f' }}>
              {t.back}
            </a>
          </>
        )}
      </section>
    </main>
  );
}
