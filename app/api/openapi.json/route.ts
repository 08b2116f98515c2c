// GET /api/openapi.json — the OpenAPI document generated from the contract table.
import { buildOpenApi } from '@/lib/api/openapi';

export const dynamic = 'force-static';

export function GET() {
  return Response.json(buildOpenApi(process.env.SITE_NAME || 'Yoonop Agri-Data'));
}
