// Every row of docs/access-policy.md's access table, through the real route handler, on the embedded
// database and (npm run test:pg) on PostgreSQL. Refusals must be code 403 with what would unlock it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import type {
  PriceAgTrendDTO,
  PriceIndexDTO,
  PriceMenuDTO,
  PriceTrendDTO,
  UnlockDTO,
  WebPriceDTO,
} from '@/lib/api/schemas/market';
import { call, ok, type Answer } from '../support/api-client';
import { addMonths } from '@/lib/shared/dates';
import {
  daysAgo,
  FIXTURE_FROM,
  FIXTURE_MARKETS,
  grantDataProduct,
  grantMembership,
  monthsAgo,
  newUser,
  seedMarketFixture,
  SHANDONG_MARKET,
  TODAY,
} from '../support/market';

type Users = Record<'free' | 'silver' | 'gold' | 'platinum' | 'holder' | 'expired', { id: string; token: string }>;
let u: Users;

beforeAll(async () => {
  await seedMarketFixture();
  u = {
    free: await newUser('free'),
    silver: await newUser('silver'),
    gold: await newUser('gold'),
    platinum: await newUser('platinum'),
    holder: await newUser('holder'),
    expired: await newUser('expired holder'),
  };
  await grantMembership(u.silver.id, 'silver');
  await grantMembership(u.gold.id, 'gold');
  await grantMembership(u.platinum.id, 'platinum');
  await grantDataProduct(u.holder.id, 'DP-VEGETABLES', 'shandong');
  await grantDataProduct(u.expired.id, 'DP-VEGETABLES', 'shandong', new Date(Date.now() - 86_400_000));
}, 120_000);

const trend = (body: Record<string, unknown>, token?: string) => call('PriceTrend', { body: body as never, token });
const refused = (a: Answer, reason: UnlockDTO['reason']) => {
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ code: 403, data: { reason } });
  expect(a.body.msg?.length).toBeGreaterThan(10);
  return a.body.data as UnlockDTO;
};
const passed = <T>(a: Answer) => {
  expect(a.body).toMatchObject({ code: 1 });
  return a.body.data as T;
};

describe('anonymous: WebPrice; national indexes and national product trends, last 90 days', () => {
  it('sees the latest price list, with its sources and the demo label', async () => {
    const w = await ok('WebPrice');
    expect(w.items.length).toBeGreaterThan(10);
    expect(w.asOf).toBe(TODAY);
    const wheat = w.items.find((i) => i.product === 'wheat');
    expect(wheat).toMatchObject({ priceType: 'wholesale', date: '2020-10-15' });
    expect(w.sources[wheat!.source]?.name).toBe('WFP VAM via HDX');
    expect(w.products.find((p) => p.code === 'tomato')?.demo).toBe(true);
    expect(w.markets.find((m) => m.id === wheat!.market)?.provinceName).toBeTruthy();
    expect(w.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attribution: 'Source: WFP VAM via HDX (CC BY-IGO)', demo: false }),
        expect.objectContaining({ demo: true }),
      ]),
    );
  });

  it('sees 90 days of a national trend', async () => {
    const t = passed<PriceTrendDTO>(await trend({ productCode: 'tomato', from: daysAgo(90), to: TODAY }));
    expect(t.series[0]?.points.length).toBeGreaterThanOrEqual(90);
    expect(t.series[0]?.points.at(-1)?.[0]).toBe(TODAY);
    expect(t.provenance).toMatchObject({ unit: 'kg', asOf: TODAY });
  });

  it('may embed what every visitor sees, whoever asks, and nothing more', async () => {
    const national = { productCode: 'tomato', from: daysAgo(90), to: TODAY };
    expect(passed<PriceTrendDTO>(await trend(national)).embeddable).toBe(true);
    expect(passed<PriceTrendDTO>(await trend(national, u.platinum.token)).embeddable).toBe(true);
    const year = { ...national, from: daysAgo(365) };
    expect(passed<PriceTrendDTO>(await trend(year, u.platinum.token)).embeddable).toBe(false);
    const shandong = { ...national, regionIds: ['shandong'] };
    expect(passed<PriceTrendDTO>(await trend(shandong, u.platinum.token)).embeddable).toBe(false);
  });

  it('sees 90 days of the national composite index', async () => {
    const i = passed<PriceIndexDTO>(
      await call('PriceIndex', { body: { indexCode: 'composite', regionId: 'cn', from: daysAgo(90) } }),
    );
    expect(i.points.length).toBeGreaterThanOrEqual(90);
    expect(i.methodology).toMatch(/geometric mean/);
  });

  it('is refused more than 90 days, with the day it could start from and a login', async () => {
    const un = refused(await trend({ productCode: 'tomato', from: daysAgo(200) }), 'history');
    expect(un).toMatchObject({ login: true, allowedFrom: daysAgo(90) });
  });

  it('sees the last 90 days of a series that stopped (WFP wheat ends 2020-10-15), not an empty window', async () => {
    const t = passed<PriceTrendDTO>(await trend({ productCode: 'wheat', from: '2020-07-17', to: '2020-10-15' }));
    expect(t.series[0]?.points.at(-1)?.[0]).toBe('2020-10-15');
    expect(t.series[0]?.stats.latest).toBeGreaterThan(0);
    const un = refused(await trend({ productCode: 'wheat', from: '2020-07-16', to: '2020-10-15' }), 'history');
    expect(un).toMatchObject({ login: true, allowedFrom: '2020-07-17' });
    // The index of that product the same way: its last level is 2020-10-01.
    passed(await call('PriceIndex', { body: { indexCode: 'prod:wheat', regionId: 'cn', from: '2020-07-03' } }));
  });

  it('is refused a province history, and told which data product would open it', async () => {
    const un = refused(await trend({ productCode: 'tomato', regionIds: ['shandong'] }), 'login');
    expect(un).toMatchObject({ login: true, regionId: 'shandong', dataProduct: { code: 'DP-VEGETABLES' } });
  });

  it('is refused forecasts, province indexes and province latest prices', async () => {
    expect(refused(await call('PriceAgTrend', { body: { productCode: 'tomato' } }), 'login')).toMatchObject({
      level: { code: 'gold' },
    });
    refused(await call('PriceIndex', { body: { indexCode: 'composite', regionId: 'shandong' } }), 'login');
    refused(await call('PriceMenu', { query: { regionId: 'shandong' } }), 'login');
    expect(passed<PriceMenuDTO>(await call('PriceMenu', {})).regionId).toBe('cn');
  });

  it("is refused the latest-price board of a province or market, as its PriceMenu is; the nation's follows the product", async () => {
    // The board follows the product and region chosen above it and shows nothing the lock there withholds.
    const board = (query: Record<string, string>, token?: string) => call('WebPrice', { query: query as never, token });
    for (const regionId of ['shandong', SHANDONG_MARKET]) {
      const un = refused(await board({ productCode: 'tomato', regionId }), 'login');
      expect(un).toMatchObject({ login: true, regionId });
    }
    const national = passed<WebPriceDTO>(await board({ productCode: 'tomato', regionId: 'cn' }));
    expect(national.items.length).toBe(FIXTURE_MARKETS.length);
    expect(new Set(national.items.map((i) => i.product))).toEqual(new Set(['tomato']));
    expect(national.products.map((p) => p.code)).toEqual(['tomato']);
    // Unknown products and regions are named, never a 500.
    expect((await board({ productCode: 'nope', regionId: 'cn' })).body).toMatchObject({ code: 404 });
    expect((await board({ productCode: 'tomato', regionId: 'atlantis' })).body).toMatchObject({ code: 404 });
  });

  it('is refused an export', async () => {
    refused(await trend({ productCode: 'tomato', export: true }), 'login');
  });
});

describe('logged in without membership: national, last 12 months; province latest only', () => {
  it('sees 12 months of a national trend but not 13', async () => {
    passed(await trend({ productCode: 'tomato', from: monthsAgo(12) }, u.free.token));
    const un = refused(await trend({ productCode: 'tomato', from: monthsAgo(13) }, u.free.token), 'history');
    expect(un).toMatchObject({ level: { code: 'silver' }, allowedFrom: monthsAgo(12) });
  });

  it("sees a province's and a market's latest-price board, only that product's rows in that region", async () => {
    const board = async (regionId: string) =>
      passed<WebPriceDTO>(
        await call('WebPrice', { query: { productCode: 'tomato', regionId } as never, token: u.free.token }),
      );
    const shandong = await board('shandong');
    expect(shandong.items.map((i) => [i.product, i.market])).toEqual([['tomato', SHANDONG_MARKET]]);
    expect(shandong.items[0]!.date).toBe(TODAY);
    expect(shandong.markets.map((x) => x.provinceId)).toEqual(['shandong']);
    expect((await board(SHANDONG_MARKET)).items.map((i) => i.market)).toEqual([SHANDONG_MARKET]);
  });

  it("sees a province's latest prices but not its history", async () => {
    const menu = passed<PriceMenuDTO>(
      await call('PriceMenu', { query: { regionId: 'shandong' }, token: u.free.token }),
    );
    const tomato = menu.categories.flatMap((c) => c.products).find((p) => p.code === 'tomato');
    expect(tomato?.latest.date).toBe(TODAY);
    const un = refused(await trend({ productCode: 'tomato', regionIds: ['shandong'] }, u.free.token), 'region');
    expect(un).toMatchObject({ level: { code: 'silver' }, dataProduct: { code: 'DP-VEGETABLES' } });
  });

  it('is refused forecasts and exports, each naming the level that has them', async () => {
    expect(
      refused(await call('PriceAgTrend', { body: { productCode: 'tomato' }, token: u.free.token }), 'forecast'),
    ).toMatchObject({ level: { code: 'gold' } });
    expect(refused(await trend({ productCode: 'tomato', export: true }, u.free.token), 'export')).toMatchObject({
      level: { code: 'silver' },
    });
  });
});

describe('members: history depth, region depth, forecast and export by level privileges', () => {
  it('silver: provinces for 24 months and exports; not markets, not forecasts', async () => {
    passed(
      await trend(
        { productCode: 'tomato', regionIds: ['shandong', 'henan'], from: monthsAgo(24), export: true },
        u.silver.token,
      ),
    );
    expect(
      refused(
        await trend({ productCode: 'tomato', regionIds: ['shandong'], from: monthsAgo(25) }, u.silver.token),
        'history',
      ),
    ).toMatchObject({ level: { code: 'gold' } });
    expect(
      refused(await trend({ productCode: 'tomato', regionIds: [SHANDONG_MARKET] }, u.silver.token), 'region'),
    ).toMatchObject({ level: { code: 'gold' } });
    refused(await call('PriceAgTrend', { body: { productCode: 'tomato' }, token: u.silver.token }), 'forecast');
  });

  it('gold: markets for 5 years, and the forecast with its bands, model, back-test and date', async () => {
    const t = passed<PriceTrendDTO>(
      await trend(
        {
          productCode: 'tomato',
          regionIds: ['cn', 'shandong', SHANDONG_MARKET],
          from: monthsAgo(60),
          granularity: 'month',
        },
        u.gold.token,
      ),
    );
    expect(t.series.map((s) => s.regionLevel)).toEqual(['nation', 'province', 'market']);
    expect(t.series[2]?.points[0]?.[0]).toBe(FIXTURE_FROM);
    const f = passed<PriceAgTrendDTO>(
      await call('PriceAgTrend', {
        body: { productCode: 'tomato', regionId: 'shandong', horizon: 6 },
        token: u.gold.token,
      }),
    );
    expect(f.forecast).toHaveLength(6);
    for (const p of f.forecast) {
      expect(p.lo95).toBeLessThanOrEqual(p.lo80);
      expect(p.lo80).toBeLessThan(p.mid);
      expect(p.mid).toBeLessThan(p.hi80);
      expect(p.hi80).toBeLessThanOrEqual(p.hi95);
    }
    expect(f.model).toMatchObject({ madeOn: TODAY, lowConfidence: expect.any(Boolean) });
    // ETS where it beats seasonal naive on the back-test, else seasonal naive, said so.
    expect(f.model.name).toMatch(f.model.lowConfidence ? /^Seasonal naive/ : /^ETS\(A,Ad,[AN]\) on log prices/);
    expect(f.model.backtestOrigins).toBeGreaterThan(0);
    // A Chinese page reads the model in Chinese (the ETS code stays: it is the model's name).
    const zh = passed<PriceAgTrendDTO>(
      await call('PriceAgTrend', {
        body: { productCode: 'tomato', regionId: 'shandong', horizon: 6, lang: 'zh-CN' },
        token: u.gold.token,
      }),
    );
    expect(zh.model.name).toMatch(
      zh.model.lowConfidence ? /^季节性朴素预测/ : /^ETS\(A,Ad,[AN]\) 对数价格模型（.*阻尼趋势/,
    );
    expect(f.history[0]?.date).toBe(FIXTURE_FROM.slice(0, 7));
    refused(await trend({ productCode: 'tomato', from: monthsAgo(61) }, u.gold.token), 'history');
  });

  it('platinum: ten years of the real WFP series, counted back from its last month', async () => {
    const i = passed<PriceIndexDTO>(
      await call('PriceIndex', {
        body: { indexCode: 'prod:wheat', regionId: 'cn', from: '2010-10-01', to: '2020-10-31' },
        token: u.platinum.token,
      }),
    );
    expect(i.granularity).toBe('month');
    expect(i.points.at(-1)?.[0]).toBe('2020-10-01');
    expect(i.provenance.sources.map((s) => s.attribution)).toEqual(['Source: WFP VAM via HDX (CC BY-IGO)']);
    expect(
      refused(
        await call('PriceIndex', {
          body: { indexCode: 'prod:wheat', regionId: 'cn', from: '2010-09-30', to: '2020-10-31' },
          token: u.platinum.token,
        }),
        'history',
      ),
    ).toMatchObject({ allowedFrom: '2010-10-01' });
  });
});

describe('data-product holder: full history of the product group in each bought region', () => {
  it('sees the bought province and its markets from the first day, and may export them', async () => {
    const t = passed<PriceTrendDTO>(
      await trend(
        { productCode: 'tomato', regionIds: ['shandong', SHANDONG_MARKET], from: '2014-01-01', export: true },
        u.holder.token,
      ),
    );
    expect(t.series.every((s) => s.points[0]?.[0] === FIXTURE_FROM)).toBe(true);
    passed(
      await trend({ productCode: 'chinese-cabbage', regionIds: ['shandong'], from: '2014-01-01' }, u.holder.token),
    );
  });

  it('is refused other provinces, other product groups, and everything once the holding expires', async () => {
    refused(await trend({ productCode: 'tomato', regionIds: ['henan'] }, u.holder.token), 'region');
    expect(
      refused(await trend({ productCode: 'grass-carp', regionIds: ['shandong'] }, u.holder.token), 'region'),
    ).toMatchObject({ dataProduct: { code: 'DP-AQUATIC' } });
    refused(await trend({ productCode: 'tomato', regionIds: ['shandong'] }, u.expired.token), 'region');
  });

  it('lists only its own holdings, with expiry (QueryUserDataProductAuthsRegion)', async () => {
    const mine = await ok('QueryUserDataProductAuthsRegion', {
      query: { OutProductCode: 'DP-VEGETABLES' },
      token: u.holder.token,
    });
    expect(mine).toEqual([expect.objectContaining({ regionId: 'shandong', active: true })]);
    expect(Date.parse(mine[0]!.endsAt)).toBeGreaterThan(Date.now());
    expect(
      await ok('QueryUserDataProductAuthsRegion', { query: { OutProductCode: 'DP-VEGETABLES' }, token: u.gold.token }),
    ).toEqual([]);
    const expired = await ok('QueryUserDataProductAuthsRegion', {
      query: { OutProductCode: 'DP-VEGETABLES' },
      token: u.expired.token,
    });
    expect(expired).toEqual([expect.objectContaining({ active: false })]);
    expect(
      (await call('QueryUserDataProductAuthsRegion', { query: { OutProductCode: 'DP-NOPE' }, token: u.holder.token }))
        .body.code,
    ).toBe(404);
    expect(await call('QueryUserDataProductAuthsRegion', { query: { OutProductCode: 'DP-VEGETABLES' } })).toMatchObject(
      { status: 401, body: { code: 401 } },
    );
  });
});

describe('seasonal overlay and bad requests', () => {
  it('overlays only the earlier years the viewer may see, and lists the others as locked', async () => {
    const gold = passed<PriceTrendDTO>(
      await trend({ productCode: 'tomato', from: daysAgo(60), seasonal: true }, u.gold.token),
    );
    expect(gold.seasonalLocked).toEqual([]);
    // The overlay's years count back from the window's first day (in January, last year's).
    expect(gold.series[0]?.seasonal.map((s) => s.year)).toEqual(
      expect.arrayContaining([Number(daysAgo(60).slice(0, 4)) - 1]),
    );
    // Each line says the span of its own prices (the page names it so) and the years it moved on.
    for (const s of gold.series[0]?.seasonal ?? []) {
      expect(s.from >= monthsAgo(12 * s.shift + 3) && s.to <= monthsAgo(12 * s.shift - 1)).toBe(true);
      expect(s.points[0]?.[0]).toBe(addMonths(s.from, 12 * s.shift));
    }
    const free = passed<PriceTrendDTO>(
      await trend({ productCode: 'tomato', from: daysAgo(60), seasonal: true }, u.free.token),
    );
    expect(free.series[0]?.seasonal).toEqual([]);
    expect(free.seasonalLocked.length).toBe(3);
  });

  it('answers unknown products, regions and indexes with 404, and a reversed window with 400 naming the field', async () => {
    expect((await trend({ productCode: 'durian' })).body.code).toBe(404);
    expect((await trend({ productCode: 'tomato', regionIds: ['atlantis'] })).body.code).toBe(404);
    expect((await call('PriceIndex', { body: { indexCode: 'nope' } })).body.code).toBe(404);
    expect((await trend({ productCode: 'tomato', from: TODAY, to: daysAgo(5) })).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^from: /),
    });
  });
});
