// /api/v1/… — the data API for programs, authenticated by API keys (docs/data-api.md).
import { dispatchV1 } from '@/lib/server/http/dispatch-v1';

type Params = { params: Promise<{ path: string[] }> };

export const dynamic = 'force-dynamic';

async function handle(req: Request, { params }: Params) {
  return dispatchV1(req, (await params).path);
}

export { handle as DELETE, handle as GET, handle as HEAD, handle as PATCH, handle as POST, handle as PUT };
