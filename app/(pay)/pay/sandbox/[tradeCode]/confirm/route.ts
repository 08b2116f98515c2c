import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/server/db/client';
import { readBodyText } from '@/lib/server/http/read-body';
import { errorResponse } from '@/lib/server/http/respond';
import { gatewayAction, gatewayView } from '@/lib/server/services/commerce/sandbox-gateway';

export const dynamic = 'force-dynamic';

/** The Pay / Cancel form is a few fields; anything longer is not it. */
const MAX_FORM_BYTES = 4 * 1024;

/**
 * The gateway page's Pay / Cancel form: act, then (303, so a reload does not re-post) send a payer
 * who came from the portal on this device back to the order's result in the portal, as a real
 * gateway's return URL does (docs/commerce.md); else show the gateway page again.
 */
export async function POST(req: Request, { params }: { params: Promise<{ tradeCode: string }> }) {
  const { tradeCode } = await params;
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readBodyText(req, MAX_FORM_BYTES));
  } catch (e) {
    return errorResponse(e, randomUUID(), 'sandbox gateway');
  }
  const action = form.get('action');
  const token = form.get('t');
  // A relative Location: right behind any proxy, whatever host the request came in on. The page
  // keeps its token; without a valid one it only says so, and nothing was done.
  const page = new URLSearchParams();
  if (token) page.set('t', token);
  if (form.get('r') === '1') page.set('r', '1');
  const to = (location: string) => new Response(null, { status: 303, headers: { location } });
  const back = to(`/pay/sandbox/${encodeURIComponent(tradeCode)}${page.size ? `?${page}` : ''}`);
  if (action !== 'pay' && action !== 'cancel') return back;
  const db = await getDb();
  const now = new Date();
  const result = await gatewayAction(db, tradeCode, action, token, now);
  if (result.status === 'unknown') return new Response('not found', { status: 404 });
  if (!result.ok || form.get('r') !== '1') return back;
  const view = await gatewayView(db, tradeCode, now);
  if (!view) return back;
  return to(view.returnPath);
}
