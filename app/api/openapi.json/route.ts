// GET /api/openapi.json — the OpenAPI document generated from the contract table.
import { buildOpenApi } from '@/lib/api/openapi';
import { env } from '@/lib/server/env';

export const dynamic = 'force-static';

export function GET() {
  return Response.json(buildOpenApi(env().SITE_NAME));
}
