// Shared market answers (lib/server/http/shared-answer.ts, services/market/cache.ts) on both
// databases: what a caller gets from a cached, pre-serialised or pre-compressed answer is the
// same as a fresh one, and anything an import adds or changes is visible at once.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { getDb } from '@/lib/server/db/client';
import { rawClient } from '@/lib/server/db/raw-client';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { POST } from '@/app/api/[service]/[...path]/route';
import { call, ok } from '../support/api-client';
import { platinumMember } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-answers-'));
const csv = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(
    p,
    ['product,region,market,date,price,unit,pricetype,flag,source,licence,category', ...lines].join('\n'),
  );
  return p;
};
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let platinum = '';
beforeAll(async () => {
  platinum = await platinumMember();
  // A month of daily prices: its series is big enough (over 1 KB) to be sent compressed.
  const march = Array.from(
    { length: 31 },
    (_, i) =>
      `sorghum,Jilin,Siping East,2025-03-${String(i + 1).padStart(2, '0')},${(2.1 + i / 100).toFixed(2)},KG,wholesale,actual,Jilin Grain Bureau,CC BY 4.0,grains`,
  );
  await importCsvFile(await getDb(), csv('base.csv', march));
});

const MARCH = { productCode: 'sorghum', regionIds: ['jilin/siping-east'], from: '2025-03-01', to: '2025-03-31' };

/** PriceTrend as raw bytes, the way a client sees them over HTTP. */
async function trendRaw(headers: Record<string, string>) {
  const path = ['api', 'YoonopData', 'PriceTrend'];
  const req = new Request(`http://localhost/api/core/${path.join('/')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: platinum, ...headers },
    body: JSON.stringify(MARCH),
  });
  const res = await POST(req, { params: Promise.resolve({ service: 'core', path }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('a shared answer', () => {
  it('is the same JSON whether serialised fresh, served again from the cache, or gzipped once for everyone', async () => {
    const first = await trendRaw({});
    const again = await trendRaw({});
    expect(first.res.headers.get('content-type')).toMatch(/application\/json/);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const body = JSON.parse(first.bytes.toString('utf8')) as { code: number; data: PriceTrendDTO };
    expect(body.code).toBe(1);
    expect(body.data.series[0]?.points).toHaveLength(31);
    expect(first.bytes.length).toBeGreaterThan(1024);

    // Without server/http-server.ts in front (next dev) nothing can carry Content-Encoding: plain JSON.
    const direct = await trendRaw({ 'accept-encoding': 'gzip, deflate, br' });
    expect(direct.res.headers.get('x-content-encoding')).toBeNull();
    expect(direct.bytes.equals(first.bytes)).toBe(true);
    // Behind it (it marks each request) the gzip travels as x-content-encoding (Next drops Content-Encoding) and Next must not compress it again.
    const zipped = await trendRaw({ 'accept-encoding': 'gzip, deflate, br', 'x-pass-content-encoding': '1' });
    expect(zipped.res.headers.get('x-content-encoding')).toBe('gzip');
    expect(zipped.res.headers.get('cache-control')).toMatch(/no-transform/);
    expect(zipped.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.bytes).equals(first.bytes)).toBe(true);
    // A client that refuses gzip gets plain JSON.
    const refused = await trendRaw({ 'accept-encoding': 'gzip;q=0, identity', 'x-pass-content-encoding': '1' });
    expect(refused.res.headers.get('x-content-encoding')).toBeNull();
    expect(refused.bytes.equals(first.bytes)).toBe(true);
  });
});

describe('a signed-in call', () => {
  it("reads the session and the viewer's membership and data products in one query", async () => {
    await trendRaw({}); // the answer is now kept
    const client = rawClient(await getDb()).client;
    const spy = jest.spyOn(client, 'query');
    try {
      const { res } = await trendRaw({});
      expect(res.status).toBe(200);
      // The data version is read at most once a second (services/market/cache.ts); not counted.
      const statements = spy.mock.calls.map((c) =>
        String(typeof c[0] === 'string' ? c[0] : (c[0] as { text: string }).text),
      );
      const asked = statements.filter((q) => !q.includes('"market_state"'));
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatch(/"sessions"/);
      expect(asked[0]).toMatch(/"user_memberships"/);
      expect(asked[0]).toMatch(/"user_data_product_auths"/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('after an import', () => {
  it("gives every price of the window in date order: a market's own, and its province's with their low and high", async () => {
    const t = await ok('PriceTrend', {
      body: { ...MARCH, regionIds: ['jilin/siping-east', 'jilin'] },
      token: platinum,
    });
    const days = Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
    const prices = days.map((_, i) => Number((2.1 + i / 100).toFixed(2)));
    expect(t.series[0]?.points).toEqual(days.map((d, i) => [d, prices[i], null, null]));
    // One market in the province: its price is the province's, and the low and high of one price.
    expect(t.series[1]?.points).toEqual(days.map((d, i) => [d, prices[i], prices[i], prices[i]]));
    const empty = await ok('PriceTrend', {
      body: { ...MARCH, regionIds: ['jilin'], from: '2024-03-01', to: '2024-03-31' },
      token: platinum,
    });
    expect(empty.series[0]?.points).toEqual([]);
  });

  it('answers for a product and market first seen in it, although the catalogue was read before', async () => {
    const before = await call('PriceTrend', {
      body: { productCode: 'buckwheat', regionIds: ['jilin/tonghua-west'], from: '2025-03-01', to: '2025-03-31' },
      token: platinum,
    });
    expect(before.body).toMatchObject({ code: 404, msg: expect.stringContaining('buckwheat') });
    await importCsvFile(
      await getDb(),
      csv('new.csv', [
        'buckwheat,Jilin,Tonghua West,2025-03-02,6.4,KG,wholesale,actual,Jilin Grain Bureau,CC BY 4.0,grains',
      ]),
    );
    const t = await ok('PriceTrend', {
      body: { productCode: 'buckwheat', regionIds: ['jilin/tonghua-west'], from: '2025-03-01', to: '2025-03-31' },
      token: platinum,
    });
    expect(t.series[0]?.points.map((p) => [p[0], p[1]])).toEqual([['2025-03-02', 6.4]]);
  });

  it('answers for a product that so far has forecasts only', async () => {
    const before = await call('PriceTrend', {
      body: { productCode: 'oats', regionIds: ['jilin'], from: '2025-03-01', to: '2025-03-31' },
      token: platinum,
    });
    expect(before.body.code).toBe(404);
    const s = await importCsvFile(
      await getDb(),
      csv('forecast.csv', [
        'oats,Jilin,Siping East,2025-04-01,3.3,KG,wholesale,forecast,Jilin Grain Bureau,CC BY 4.0,grains',
      ]),
    );
    expect(s.inserted).toBe(1);
    const t = await ok('PriceTrend', {
      body: { productCode: 'oats', regionIds: ['jilin'], from: '2025-03-01', to: '2025-03-31' },
      token: platinum,
    });
    expect(t.product.code).toBe('oats');
    expect(t.series[0]?.points).toEqual([]);
  });

  it('shows changed prices in a series that was cached before', async () => {
    const body = { ...MARCH, to: '2025-03-01' };
    const before = await ok('PriceTrend', { body, token: platinum });
    expect(before.series[0]?.points.map((p) => p[1])).toEqual([2.1]);
    await importCsvFile(
      await getDb(),
      csv('change.csv', [
        'sorghum,Jilin,Siping East,2025-03-01,2.3,KG,wholesale,actual,Jilin Grain Bureau,CC BY 4.0,grains',
      ]),
    );
    const after = await ok('PriceTrend', { body, token: platinum });
    expect(after.series[0]?.points.map((p) => p[1])).toEqual([2.3]);
  });
});
