// POST /api/dev/import[?country=ISO3] — a demo's staff member holding the `data` role imports a
// price file (the CSV as the body, WFP/HDX or generic format) through the running server, by the
// one import path (lib/server/services/market/import/pipeline.ts): anomaly levels and alert rules
// run as after any import. Like every console call it needs a console login (docs/access-policy.md
// "Staff roles"). It exists for demos and end-to-end tests, whose server holds its embedded
// database in-process (a second process cannot open it): only with DEMO_MODE=1, else 404 — never
// in production. Imports from the command line are `npm run data:import` (docs/market-data.md).
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@/lib/api/envelope';
import { authorise } from '@/lib/server/auth/roles';
import { resolveSession, tokenFromHeader } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { ApiError, fail } from '@/lib/server/errors';
import { readBodyText } from '@/lib/server/http/read-body';
import { errorResponse, json } from '@/lib/server/http/respond';
import { newTally, readPriceCsv } from '@/lib/server/market/price-csv';
import { ImportRejected, importRows } from '@/lib/server/services/market/import/pipeline';
import { msg } from '@/lib/i18n/server-messages';

export const dynamic = 'force-dynamic';

/** A demo file, not a data load: the command line takes the big ones. */
const MAX_BYTES = 1024 * 1024;

export async function POST(req: Request) {
  if (!env().DEMO_MODE) return json({ code: 404, msg: 'not found' }, 404);
  const requestId = randomUUID();
  try {
    const db = await getDb();
    const token = tokenFromHeader(req.headers.get('authorization'));
    const session = token ? await resolveSession(db, token, new Date()) : null;
    // The dispatcher's check, as for the console's data calls (price imports are the `data` role's).
    authorise(session, ['data']);
    const country = new URL(req.url).searchParams.get('country')?.trim().toUpperCase() || undefined;
    if (country && !/^[A-Z]{3}$/.test(country)) throw fail.invalid('country', msg('validation.invalid'));
    const text = await readBodyText(req, MAX_BYTES);
    if (!text.trim()) throw fail.invalid('body', msg('validation.required'));
    const tally = newTally();
    try {
      const s = await importRows(db, readPriceCsv([text], tally, { country, source: 'Demo upload' }), {}, tally);
      const { rejects, ...summary } = s;
      return json({ code: 1, data: { ...summary, rejects: rejects.slice(0, 10) } });
    } catch (e) {
      if (!(e instanceof ImportRejected)) throw e;
      throw new ApiError(ErrorCode.invalid, e.message, { rows: e.summary.rows, rejected: e.summary.rejected });
    }
  } catch (e) {
    return errorResponse(e, requestId, 'dev import');
  }
}
