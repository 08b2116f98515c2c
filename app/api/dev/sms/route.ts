// GET /api/dev/sms?phone=… — one phone's texts held by the outbox SMS adapter, newest first.
// Exists only while that adapter is active (in production: DEMO_MODE=1); with a real gateway it answers 404.
// The phone is required: the outbox never lists every number's codes.
import { phoneSchema } from '@/lib/api/schemas/common';
import { listOutbox, outboxActive } from '@/lib/server/adapters/sms';
import { getDb } from '@/lib/server/db/client';
import { json } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

export async function GET(req: Request) {
  if (!outboxActive()) return json({ code: 404, msg: 'not found' }, 404);
  const raw = new URL(req.url).searchParams.get('phone');
  if (raw === null || raw.trim() === '') return json({ code: 400, msg: 'phone: is required' });
  const p = phoneSchema.safeParse(raw);
  if (!p.success) return json({ code: 400, msg: `phone: ${p.error.issues[0]?.message ?? 'is invalid'}` });
  return json({ code: 1, data: await listOutbox(await getDb(), p.data) });
}
