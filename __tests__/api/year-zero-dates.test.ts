// Year 0000 is a valid ISO day (0000-02-29 even exists) that the database cannot hold, and a
// seasonal overlay counts three years back from a date: every call taking a date refuses one before
// MIN_YEAR with a 400 naming the field, never a 500 (issue 27, item 6; docs/api.md "Dates").
// Runs on both databases.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { call } from '../support/api-client';
import { seededContent } from '../support/content';
import { newKey, v1 } from '../support/data-api';
import { grantMembership, newUser, seedMarketFixture } from '../support/market';

const ctx = seededContent();
let platinum = '';
let key = '';
const errors = jest.spyOn(console, 'error');

beforeAll(async () => {
  await seedMarketFixture();
  const p = await newUser('platinum');
  await grantMembership(p.id, 'platinum');
  platinum = p.token;
  key = await newKey(platinum, 'year-zero');
});

const article = (publishedAt: string) => ({
  categoryId: 'company',
  publishedAt,
  texts: { en: { title: 'Old', body: '<p>x</p>' }, 'zh-CN': { title: '旧', body: '<p>x</p>' } },
});

describe('a date before the minimum year', () => {
  it.each(['0000-01-01T00:00:00Z', '0000-02-29T00:00:00+08:00', '1899-12-31T23:59:59Z'])(
    'SaveNews refuses publishedAt = %s with a 400 naming it',
    async (publishedAt) => {
      const r = await call('SaveNews', { body: article(publishedAt), token: ctx.staffToken });
      expect({ status: r.status, code: r.body.code, msg: r.body.msg }).toEqual({
        status: 200,
        code: 400,
        msg: expect.stringMatching(/^publishedAt: .*1900/),
      });
    },
  );

  it('SaveNews still takes the first day of the minimum year', async () => {
    const r = await call('SaveNews', { body: article('1900-01-01T00:00:00Z'), token: ctx.staffToken });
    expect(r.body.code).toBe(1);
  });

  it.each(['0000-01-01', '0000-02-29', '0001-01-01', '1899-12-31'])(
    'PriceTrend (with the seasonal overlay), PriceIndex and the data API refuse from = %s naming it',
    async (from) => {
      const to = from.replace(/-\d\d-\d\d$/, '-03-31');
      const trend = await call('PriceTrend', {
        body: { productCode: 'tomato', regionIds: ['shandong'], from, to, seasonal: true },
        token: platinum,
      });
      expect({ code: trend.body.code, msg: trend.body.msg }).toEqual({
        code: 400,
        msg: expect.stringMatching(/^from: /),
      });
      const index = await call('PriceIndex', { body: { regionId: 'shandong', from, to }, token: platinum });
      expect({ code: index.body.code, msg: index.body.msg }).toEqual({
        code: 400,
        msg: expect.stringMatching(/^from: /),
      });
      const api = await v1('series', { product: 'tomato', region: 'shandong', from, to }, { key });
      expect({ status: api.status, text: api.text }).toEqual({ status: 400, text: expect.stringContaining('from') });
    },
  );

  it('logged no server error', () => expect(errors).not.toHaveBeenCalled());
});
