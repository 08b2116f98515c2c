// GET /api/dev/mail?to=… — one address's e-mails held by the outbox mail adapter, newest first.
// Exists only while that adapter is active (in production: DEMO_MODE=1, the switch of /dev/sms);
// with SMTP it answers 404. The address is required: the outbox never lists every address's mail.
import { listMailOutbox, mailOutboxActive } from '@/lib/server/adapters/mail';
import { getDb } from '@/lib/server/db/client';
import { json } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

export async function GET(req: Request) {
  if (!mailOutboxActive()) return json({ code: 404, msg: 'not found' }, 404);
  const to = new URL(req.url).searchParams.get('to')?.trim() ?? '';
  if (!to) return json({ code: 400, msg: 'to: is required' });
  if (!/^[^\s@]+@[^\s@]+$/.test(to) || to.length > 254) return json({ code: 400, msg: 'to: is not an e-mail address' });
  return json({ code: 1, data: await listMailOutbox(await getDb(), to) });
}
