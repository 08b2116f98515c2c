// POST /api/alerts/unsubscribe?t=… — the one-click unsubscribe of RFC 8058 that mail clients offer
// from an alert e-mail's List-Unsubscribe header: it stops that alert's e-mails at once, without a
// login (the link is signed). A GET (a person following the header's link) goes to the page,
// which asks before it acts (docs/alerts.md, "Unsubscribe").
import { getDb } from '@/lib/server/db/client';
import { json } from '@/lib/server/http/respond';
import { unsubscribe } from '@/lib/server/services/alerts/notifications';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  const token = new URL(req.url).searchParams.get('t') ?? '';
  try {
    const r = await unsubscribe(await getDb(), token, { all: false, apply: true }, 'en');
    return json({ code: 1, data: r });
  } catch {
    return json({ code: 400, msg: 'This link is not valid' }, 400);
  }
}

export function GET(req: Request) {
  const url = new URL(req.url);
  return Response.redirect(
    new URL(`/equitiesCentre/unsubscribe?t=${encodeURIComponent(url.searchParams.get('t') ?? '')}`, url),
    303,
  );
}
