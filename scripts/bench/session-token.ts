// Prints a new session token for the bench member of an already loaded bench database
// (DATABASE_URL), for measuring calls by hand: `npx tsx --conditions=react-server scripts/bench/session-token.ts`.
import { openPostgres } from '@/lib/server/db/open-postgres';
import { env } from '@/lib/server/env';
import { benchSession } from './load';

const url = env().DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the loaded bench database');
void (async () => {
  const h = await openPostgres(url);
  console.log(await benchSession(h.db));
  await h.close();
})();
