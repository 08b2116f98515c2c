// A price import (`npm run data:import`, its own process) shows on both instances: each keeps
// market answers for the data version it last read, and reads that at most once a second.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { WebPriceDTO } from '../lib/api/schemas/market';
import { METRICS_TOKEN, OUT, readState, runScript, fleetEnv } from './support/fleet';
import { ok } from './support/api';
import { msUntil } from './support/timings';

const state = readState();
const { a, b } = state;

test('an imported price shows on both instances, and both count the import', async () => {
  // Both instances have answered (and kept) the price list before the import.
  for (const inst of [a, b]) await ok<WebPriceDTO>(inst.url, 'WebPrice', { query: { lang: 'en' } });

  const day = new Date().toISOString().slice(0, 10);
  const file = path.join(OUT, 'fleet-prices.csv');
  writeFileSync(
    file,
    [
      'product,region,market,date,price,unit,pricetype,flag,source,licence,category',
      `buckwheat,Jilin,Fleet Test Market,${day},7.31,KG,wholesale,actual,Fleet Test Source,CC BY 4.0,grains`,
    ].join('\n') + '\n',
  );
  const imported = runScript('import-prices.ts', fleetEnv(state.databaseUrl, state.work), [file]);
  expect(imported.out).toMatch(/1 rows \(1 new/);
  const t0 = performance.now();

  const shows = (base: string) => async () => {
    const d = await ok<WebPriceDTO>(base, 'WebPrice', { query: { lang: 'en' } });
    const market = d.markets.find((m) => m.name === 'Fleet Test Market');
    return d.items.some((i) => i.product === 'buckwheat' && i.market === market?.id && i.price === 7.31) || 'not yet';
  };
  await msUntil('price import → A price list', t0, 2000, shows(a.url));
  await msUntil('price import → B price list', t0, 2000, shows(b.url));

  for (const inst of [a, b]) {
    const text = await (
      await fetch(`${inst.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(text, `/metrics of ${inst.name}`).toMatch(/^portal_job_runs_total\{job="import",outcome="ok"\} 1$/m);
  }
});
