// The data API (/api/v1, docs/data-api.md) on the embedded database and (npm run test:pg) on
// PostgreSQL: keys, limits, formats, and the same access as the pages' downloads.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { call, ok } from '../support/api-client';
import { newKey, v1 } from '../support/data-api';
import {
  daysAgo,
  grantDataProduct,
  grantMembership,
  monthsAgo,
  newUser,
  seedMarketFixture,
  SHANDONG_MARKET,
  TODAY,
} from '../support/market';

type U = { id: string; token: string };
let platinum: U;
let gold: U;
let silver: U;
let holder: U;
let pkey: string;

beforeAll(async () => {
  await seedMarketFixture();
  [platinum, gold, silver, holder] = [
    await newUser('platinum'),
    await newUser('gold'),
    await newUser('silver'),
    await newUser('holder'),
  ];
  await grantMembership(platinum.id, 'platinum');
  await grantMembership(gold.id, 'gold');
  await grantMembership(silver.id, 'silver');
  await grantDataProduct(holder.id, 'DP-VEGETABLES', 'shandong');
  pkey = await newKey(platinum.token, 'laptop');
}, 120_000);

describe('keys', () => {
  it('are made, listed with their use, and stop working the moment they are revoked', async () => {
    const made = await ok('CreateUserApiKey', { body: { name: 'nightly job' }, token: platinum.token });
    expect(made.key).toMatch(/^yk_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);

    const used = await v1('countries', {}, { key: made.key });
    expect(used.status).toBe(200);
    expect(used.json().data.map((c: { code: string }) => c.code)).toContain('CHN');

    const list = await ok('QueryUserApiKeys', { token: platinum.token });
    const listed = list.keys.find((k) => k.id === made.id)!;
    expect(listed).toMatchObject({ name: 'nightly job', prefix: made.prefix, callsToday: 1, revokedAt: null });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.last7Days.at(-1)).toEqual({ day: TODAY, calls: 1 });
    expect(list.allowance).toEqual({ callsPerDay: 10_000, callsPerMinute: 60, via: 'level' });
    // Neither the key nor its hash ever leaves the server again.
    const hash = createHash('sha256').update(made.key).digest('hex');
    const raw = JSON.stringify(list);
    expect(raw).not.toContain(made.key);
    expect(raw).not.toContain(hash);

    await ok('RevokeUserApiKey', { body: { id: made.id }, token: platinum.token });
    const after = await v1('countries', {}, { key: made.key });
    expect(after.status).toBe(401);
    expect(after.json().error.code).toBe('invalid_key');
  });

  it('cannot be revoked or seen by another user', async () => {
    const other = await ok('CreateUserApiKey', { body: { name: 'gold key' }, token: gold.token });
    const r = await call('RevokeUserApiKey', { body: { id: other.id }, token: platinum.token });
    expect(r.body.code).toBe(404);
    expect((await ok('QueryUserApiKeys', { token: platinum.token })).keys.map((k) => k.id)).not.toContain(other.id);
    expect((await v1('countries', {}, { key: other.key })).status).toBe(200);
  });

  it('are refused to an account whose membership has no API access, saying what includes it', async () => {
    const r = await call('CreateUserApiKey', { body: { name: 'x' }, token: silver.token });
    expect(r.body).toMatchObject({ code: 403 });
    expect(r.body.msg).toMatch(/Gold and Platinum/);
    expect((await ok('QueryUserApiKeys', { token: silver.token })).allowance.callsPerDay).toBe(0);
  });

  it('come with a data product, whatever the membership', async () => {
    expect((await ok('QueryUserApiKeys', { token: holder.token })).allowance).toMatchObject({
      callsPerDay: 1_000,
      via: 'dataProduct',
    });
  });

  it('are at most five at once per account', async () => {
    const u = await newUser('many keys');
    await grantMembership(u.id, 'gold');
    for (let i = 0; i < 5; i++) await newKey(u.token, `k${i}`);
    const sixth = await call('CreateUserApiKey', { body: { name: 'k5' }, token: u.token });
    expect(sixth.body.code).toBe(409);
  });
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a key, and takes no session token for one', async () => {
    const none = await v1('countries');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(none.json().error).toMatchObject({ code: 'missing_key' });
    const session = await v1('countries', {}, { key: platinum.token });
    expect(session.status).toBe(401);
    expect(session.json().error.code).toBe('invalid_key');
  });

  it('takes the key from X-Api-Key too', async () => {
    expect((await v1('countries', {}, { headers: { 'x-api-key': pkey } })).status).toBe(200);
  });
});

describe('answers', () => {
  const q = { product: 'tomato', region: 'shandong', from: daysAgo(60), to: TODAY };

  it('give a series as JSON and as CSV with the same rows, each with source, licence and citation', async () => {
    const j = await v1('series', q, { key: pkey });
    expect(j.status).toBe(200);
    const { data, meta } = j.json();
    expect(data.points.length).toBeGreaterThanOrEqual(60);
    expect(data.points.at(-1).date).toBe(TODAY);
    expect(meta.sources.length).toBeGreaterThan(0);
    expect(meta.licence).toBeTruthy();
    expect(meta.citation).toContain(`retrieved ${TODAY}`);
    expect(meta.citation).toContain('/api/v1/series?');

    const c = await v1('series', { ...q, format: 'csv' }, { key: pkey });
    expect(c.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(c.headers.get('x-citation')).toContain('retrieved');
    expect(c.headers.get('x-data-licence')).toBe(meta.licence);
    const [header, ...rows] = c.text.trimEnd().split('\r\n');
    expect(header).toBe('date,product,region,price_type,currency,unit,price,low,high');
    expect(rows.map((r) => r.split(','))).toEqual(
      data.points.map((p: { date: string; price: number; low: number | null; high: number | null }) => [
        p.date,
        'tomato',
        'shandong',
        data.priceType,
        data.currency,
        data.product.unit,
        String(p.price),
        p.low === null ? '' : String(p.low),
        p.high === null ? '' : String(p.high),
      ]),
    );
  });

  it('answer 304 to If-None-Match with the ETag of the same figures', async () => {
    const first = await v1('series', q, { key: pkey });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await v1('series', q, { key: pkey, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await v1('series', { ...q, from: daysAgo(30) }, { key: pkey, headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('name the parameter that is wrong, and refuse unknown endpoints and other methods', async () => {
    const bad = await v1('series', { product: 'tomato', from: '2024-02-30' }, { key: pkey });
    expect(bad.status).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_parameter' });
    expect(bad.json().error.message).toMatch(/from/);
    const missing = await v1('series', {}, { key: pkey });
    expect(missing.json().error.message).toMatch(/product/);
    expect((await v1('nothing', {}, { key: pkey })).status).toBe(404);
    const post = await v1('series', q, { key: pkey, method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const unknown = await v1('series', { product: 'no-such' }, { key: pkey });
    expect(unknown.status).toBe(404);
  });

  it('list regions with their parents, products with their span, latest prices, an index and a forecast', async () => {
    const regions = (await v1('regions', { country: 'CHN' }, { key: pkey })).json().data;
    expect(regions).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'shandong', parentId: 'cn' })]));
    const products = (await v1('products', { region: 'shandong' }, { key: pkey })).json().data;
    expect(products.products.find((p: { code: string }) => p.code === 'tomato')).toMatchObject({ to: TODAY });
    const latest = await v1('latest', { region: 'shandong', format: 'csv' }, { key: pkey });
    expect(latest.status).toBe(200);
    expect(latest.text.split('\r\n')[0]).toBe(
      'date,product,region,currency,unit,price,previous_date,change,change_pct',
    );
    const index = (await v1('index', { from: daysAgo(30) }, { key: pkey })).json();
    expect(index.data.points.length).toBeGreaterThanOrEqual(30);
    const fc = (await v1('forecast', { product: 'tomato', region: 'shandong', horizon: '3' }, { key: pkey })).json();
    expect(fc.data.forecast).toHaveLength(3);
    expect(fc.data.forecast[0]).toEqual(
      expect.objectContaining({ month: expect.stringMatching(/^\d{4}-\d{2}$/), lo95: expect.any(Number) }),
    );
  });
});

describe('anomaly levels', () => {
  it("list a country's series with their level or why they have none, as JSON and CSV alike", async () => {
    const j = await v1('anomalies', { country: 'CHN' }, { key: pkey });
    expect(j.status).toBe(200);
    const { series } = j.json().data;
    expect(series.length).toBeGreaterThan(0);
    const page = await ok('AnomalyLevels', { query: { country: 'CHN' }, token: platinum.token });
    expect(series.map((x: { product: string; region: { id: string } }) => `${x.product}|${x.region.id}`)).toEqual(
      page.series.map((x) => `${x.product}|${x.regionId}`),
    );
    expect(series.some((x: { anomaly: { level: string | null } }) => x.anomaly.level !== null)).toBe(true);
    const c = await v1('anomalies', { country: 'CHN', format: 'csv' }, { key: pkey });
    const lines = c.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('product,region,price_type,currency,level,score,month,latest,fitted,sd,why');
    expect(lines.length - 1).toBe(series.length);
    const flagged = await v1('anomalies', { country: 'CHN', minLevel: 'alert' }, { key: pkey });
    for (const x of flagged.json().data.series) expect(['alert', 'crisis']).toContain(x.anomaly.level);
  });
});

describe('limits', () => {
  it('refuse the 61st call of a minute with 429 and Retry-After, and count each key apart', async () => {
    const u = await newUser('busy');
    await grantMembership(u.id, 'platinum');
    const [a, b] = [await newKey(u.token, 'a'), await newKey(u.token, 'b')];
    for (let i = 0; i < 60; i++) expect((await v1('countries', {}, { key: a })).status).toBe(200);
    const over = await v1('countries', {}, { key: a });
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json().error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: wait });
    expect((await v1('countries', {}, { key: b })).status).toBe(200);
  }, 60_000);

  it("refuse past the account's calls of the day, all keys together, until midnight UTC", async () => {
    const u = await newUser('daily');
    await grantDataProduct(u.id, 'DP-VEGETABLES', 'shandong');
    const [a, b] = [await newKey(u.token, 'a'), await newKey(u.token, 'b')];
    expect((await v1('countries', {}, { key: a })).status).toBe(200);
    const db = await getDb();
    // 999 more calls of the day, made with the other key.
    await db.execute(sql`INSERT INTO api_key_usage (key_id, day, calls)
      SELECT id, ${TODAY}::date, 999 FROM api_keys WHERE user_id = ${u.id} AND name = 'b'`);
    const over = await v1('countries', {}, { key: a });
    expect(over.status).toBe(429);
    expect(over.json().error.message).toMatch(/1000 calls today/);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);
    expect((await v1('countries', {}, { key: b })).status).toBe(429);
    expect((await ok('QueryUserApiKeys', { token: u.token })).callsToday).toBe(1_000);
  });
});

// One table of cases, asked of the page's download and of the API: the answers must agree
// (allowed with the same figures, or refused for the same reason and unlock).
describe('access equals the pages', () => {
  type Pts = (a: unknown) => unknown[];
  type Case = {
    who: () => U;
    what: string;
    call: 'PriceTrend' | 'PriceIndex' | 'PriceAgTrend';
    page: Record<string, unknown>;
    endpoint: string;
    api: Record<string, string>;
    fromPage: Pts;
    fromApi: Pts;
  };
  const trend = (who: () => U, what: string, product: string, regionId: string, from: string): Case => ({
    who,
    what,
    call: 'PriceTrend',
    page: { productCode: product, regionIds: [regionId], from, to: TODAY, export: true },
    endpoint: 'series',
    api: { product, region: regionId, from, to: TODAY },
    fromPage: (d) => (d as { series: { points: [string, number][] }[] }).series[0]!.points.map((p) => [p[0], p[1]]),
    fromApi: (d) => (d as { points: { date: string; price: number }[] }).points.map((p) => [p.date, p.price]),
  });
  const index = (who: () => U, what: string, from: string): Case => ({
    who,
    what,
    call: 'PriceIndex',
    page: { indexCode: 'composite', regionId: 'cn', from, to: TODAY, export: true },
    endpoint: 'index',
    api: { index: 'composite', from, to: TODAY },
    fromPage: (d) => (d as { points: [string, number][] }).points.map((p) => [p[0], p[1]]),
    fromApi: (d) => (d as { points: { date: string; level: number }[] }).points.map((p) => [p.date, p.level]),
  });
  const forecast = (who: () => U, what: string, regionId: string): Case => ({
    who,
    what,
    call: 'PriceAgTrend',
    page: { productCode: 'tomato', regionId, horizon: 6, export: true },
    endpoint: 'forecast',
    api: { product: 'tomato', region: regionId, horizon: '6' },
    fromPage: (d) => (d as { forecast: { date: string; mid: number }[] }).forecast.map((p) => [p.date, p.mid]),
    fromApi: (d) => (d as { forecast: { month: string; mid: number }[] }).forecast.map((p) => [p.month, p.mid]),
  });
  const cases: Case[] = [
    trend(() => gold, 'gold: national tomato, 2 years', 'tomato', 'cn', monthsAgo(24)),
    trend(() => gold, 'gold: national tomato, 6 years', 'tomato', 'cn', monthsAgo(72)),
    trend(() => gold, 'gold: a market, 30 days', 'tomato', SHANDONG_MARKET, daysAgo(30)),
    trend(() => platinum, 'platinum: Shandong, 8 years', 'tomato', 'shandong', monthsAgo(96)),
    trend(() => holder, 'holder: held Shandong, 3 years', 'tomato', 'shandong', monthsAgo(36)),
    trend(() => holder, 'holder: a market in held Shandong', 'chinese-cabbage', SHANDONG_MARKET, daysAgo(90)),
    trend(() => holder, 'holder: Henan, not held', 'tomato', 'henan', daysAgo(30)),
    trend(() => holder, 'holder: fish in Shandong, not held', 'grass-carp', 'shandong', daysAgo(30)),
    trend(() => holder, 'holder: national, 2 years', 'tomato', 'cn', monthsAgo(24)),
    index(() => holder, 'holder: national index, 2 years', monthsAgo(24)),
    index(() => gold, 'gold: national index, 2 years', monthsAgo(24)),
    forecast(() => gold, 'gold: forecast in Shandong', 'shandong'),
    forecast(() => holder, 'holder: forecast in held Shandong', 'shandong'),
  ];
  const outcomes: string[] = [];

  it.each(cases.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const u = c.who();
    const page = await call(c.call, { body: c.page as never, token: u.token });
    const key = await newKey(u.token, 'table');
    const api = await v1(c.endpoint, c.api, { key });
    if (page.body.code === 1) {
      expect(api.status).toBe(200);
      const points = c.fromApi(api.json().data);
      expect(points.length).toBeGreaterThan(0);
      expect(points).toEqual(c.fromPage(page.body.data));
      outcomes.push('allowed');
    } else {
      expect(page.body.code).toBe(403);
      expect(api.status).toBe(403);
      expect(api.json().error).toMatchObject({ code: 'not_entitled', unlock: page.body.data as unknown as object });
      outcomes.push((page.body.data as unknown as { reason: string }).reason);
    }
    await (await getDb()).execute(
      sql`UPDATE api_keys SET revoked_at = now() WHERE user_id = ${u.id} AND name = 'table'`,
    );
  });

  it('covers answers allowed and refused for every reason the table reaches', () => {
    expect(outcomes.filter((o) => o === 'allowed').length).toBeGreaterThanOrEqual(5);
    expect(new Set(outcomes)).toEqual(new Set(['allowed', 'history', 'region', 'forecast']));
  });
});
