import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/server/db/client';
import { readBodyText } from '@/lib/server/http/read-body';
import { errorResponse } from '@/lib/server/http/respond';
import { gatewayAction } from '@/lib/server/services/commerce/sandbox-gateway';

export const dynamic = 'force-dynamic';

/** The Pay / Cancel form is a few fields; anything longer is not it. */
const MAX_FORM_BYTES = 4 * 1024;

/** The gateway page's Pay / Cancel form: act, then show the page again (303, so a reload does not re-post). */
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
  const page = `/pay/sandbox/${encodeURIComponent(tradeCode)}`;
  const back = new Response(null, {
    status: 303,
    headers: { location: token ? `${page}?t=${encodeURIComponent(token)}` : page },
  });
  if (action !== 'pay' && action !== 'cancel') return back;
  const result = await gatewayAction(await getDb(), tradeCode, action, token, new Date());
  if (result.status === 'unknown') return new Response('not found', { status: 404 });
  return back;
}
