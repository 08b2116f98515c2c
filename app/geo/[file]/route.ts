// /geo/{ISO3}.json — a country's outline for the market map (lib/server/geo/country-outline.ts).
import { countryOutline } from '@/lib/server/geo/country-outline';

type Params = { params: Promise<{ file: string }> };

export async function GET(_req: Request, { params }: Params) {
  const m = /^([A-Z]{3})\.json$/.exec((await params).file);
  const outline = m ? countryOutline(m[1]!) : null;
  if (!outline) return Response.json({ error: 'No outline for this country' }, { status: 404 });
  // The outlines change only with the package: a week in every cache.
  return Response.json(outline, { headers: { 'cache-control': 'public, max-age=604800' } });
}
