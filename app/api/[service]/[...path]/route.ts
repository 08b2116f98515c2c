// /api/{core|docs|feedback|auth}/… — every call of the contract table.
import { dispatch } from '@/lib/server/http/dispatch';

type Params = { params: Promise<{ service: string; path: string[] }> };

export const dynamic = 'force-dynamic';

async function handle(req: Request, { params }: Params) {
  const { service, path } = await params;
  return dispatch(req, service, path);
}

export { handle as GET, handle as POST };
