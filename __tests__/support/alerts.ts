// Alert fixtures: price files written and imported as a source would send them, users with levels,
// and a local HTTP receiver for webhooks (docs/alerts.md).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDb } from '@/lib/server/db/client';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { ok } from './api-client';
import { grantMembership, newUser } from './market';
import { addDays } from '@/lib/shared/dates';

const dir = mkdtempSync(path.join(tmpdir(), 'alerts-'));
let files = 0;

/** Imports daily prices of one product in one market of Hainan: `[day, price]` pairs. */
export async function importPrices(product: string, market: string, prices: [string, number][]) {
  const file = path.join(dir, `p${files++}.csv`);
  writeFileSync(
    file,
    [
      'product,region,market,date,price,unit',
      ...prices.map(([d, p]) => `${product},Hainan,${market},${d},${p},KG`),
    ].join('\n'),
  );
  return importCsvFile(await getDb(), file, { rejectsPath: null });
}

/** Days `from`, `from`+1 … (n of them), each priced `price`. */
export const flat = (from: string, n: number, price: number): [string, number][] =>
  Array.from({ length: n }, (_, i) => [addDays(from, i), price]);

/** A logged-in user with a membership of `level` (none for free) and their session token. */
export async function member(level: 'free' | 'silver' | 'gold' | 'platinum') {
  const u = await newUser(level);
  if (level !== 'free') await grantMembership(u.id, level);
  return u;
}

/** Follows a product's series in a region through the API; answers the watchlist item id. */
export async function followSeries(token: string, productCode: string, regionId: string) {
  return (await ok('FollowSeries', { body: { productCode, regionId, priceType: 'wholesale' }, token })).id;
}

export type Received = { headers: IncomingMessage['headers']; body: string };

/** A webhook receiver on 127.0.0.1 answering each request with the next status of `statuses` (then 200). */
export async function receiver(statuses: number[] = []) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}
