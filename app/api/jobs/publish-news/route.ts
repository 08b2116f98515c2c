// POST /api/jobs/publish-news — the publish job (docs/console.md "Content", "Documents"): each server's timer
// calls it when a scheduled article is due. A route, because Next expires cached pages only from a
// route handler or a server function; the key keeps everyone else out.
import { getDb } from '@/lib/server/db/client';
import { json } from '@/lib/server/http/respond';
import { isPublishJobKey, runPublishJob } from '@/lib/server/services/content/publish-job';

export const dynamic = 'force-dynamic';

export async function POST(req: Request) {
  if (!isPublishJobKey(req.headers.get('authorization'))) return json({ code: 403, msg: 'forbidden' }, 403);
  const r = await runPublishJob(await getDb());
  return json({ code: 1, data: r });
}
