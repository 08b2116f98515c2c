// POST /api/dev/import: a demo's staff import a price file through the running server (the e2e
// server holds its embedded database in-process). Closed without the demo switch, so never in
// production; staff only; the one import path, so alert rules fire as after any import.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { POST as devImport } from '@/app/api/dev/import/route';
import { getDb } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import { resetEnvCache } from '@/lib/server/env';
import { newStaff } from '../support/accounts';
import { ok } from '../support/api-client';
import { followSeries, importPrices, member } from '../support/alerts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});
const demo = () => {
  process.env.DEMO_MODE = '1';
  resetEnvCache();
};

// Price imports are the `data` role's, made with a console login (docs/access-policy.md "Staff roles").
let staff = '';
let editor = '';
let staffSite = '';
beforeAll(async () => {
  const data = await newStaff(['data'], 'import staff');
  staff = data.token;
  staffSite = data.siteToken;
  editor = (await newStaff(['editor'])).token;
}, 60_000);

async function post(body: string, token?: string, query = '') {
  const res = await devImport(
    new Request(`http://localhost/api/dev/import${query}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/csv', ...(token && { authorization: token }) },
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg?: string; data?: Record<string, unknown> },
  };
}

const file = (rows: [string, number][]) =>
  [
    'product,region,market,date,price,unit',
    ...rows.map(([d, p]) => `Dev import pork,Hainan,Dev Market,${d},${p},KG`),
  ].join('\n');

describe('closed without the demo switch', () => {
  it('answers 404 even to staff, and imports nothing', async () => {
    const r = await post(file([['2025-03-01', 20]]).replaceAll('Dev import pork', 'Never imported'), staff);
    expect(r).toEqual({ status: 404, body: { code: 404, msg: 'not found' } });
    const db = await getDb();
    expect(await db.select().from(products).where(eq(products.nameEn, 'Never imported'))).toEqual([]);
  });
});

describe('with DEMO_MODE=1', () => {
  it('asks for a login, then for staff with the data role and a console login', async () => {
    demo();
    const body = file([['2025-03-01', 20]]).replaceAll('Dev import pork', 'Refused import');
    expect((await post(body)).status).toBe(401);
    const customer = await member('gold');
    expect((await post(body, customer.token)).body).toMatchObject({ code: 403, msg: 'This is for staff only.' });
    expect((await post(body, editor)).body).toMatchObject({
      code: 403,
      msg: 'Your console roles do not include this.',
    });
    // The role, but signed in to the site only: log in to the console.
    expect((await post(body, staffSite)).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(products).where(eq(products.nameEn, 'Refused import'))).toEqual([]);
  });

  it('imports a file by the one import path: alert rules fire once, a re-import changes nothing', async () => {
    // The series exists (an earlier import), a follower asks for every new price.
    const first = await importPrices('Dev import pork', 'Dev Market', [['2025-03-01', 20]]);
    const product = first.newProducts[0]!.code;
    const u = await member('gold');
    const watchId = await followSeries(u.token, product, 'hainan/dev-market');
    await ok('SaveAlertRule', { body: { watchId, kind: 'new', channels: [] }, token: u.token });
    demo();
    const body = file([['2025-03-02', 21.5]]);
    const r = await post(body, staff);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, data: { rows: 1, inserted: 1, updated: 0, rejected: 0 } });
    const notes = async () =>
      (await ok('QueryNotifications', { body: { size: 10 }, token: u.token })).items.filter(
        (n) => n.product === product,
      );
    expect(await notes()).toMatchObject([{ kind: 'new', day: '2025-03-02', price: 21.5 }]);
    const again = await post(body, staff);
    expect(again.body).toMatchObject({ code: 1, data: { inserted: 0, updated: 0, unchanged: 1 } });
    expect(await notes()).toHaveLength(1);
  });

  it('refuses a file that is not a price file, and a bad country, with the reason', async () => {
    demo();
    const bad = await post('name,colour\napple,red\n', staff);
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/^not a price file; nothing was imported\. First: line 1: unknown file format/);
    expect((await post(file([['2025-03-03', 20]]), staff, '?country=china')).body).toMatchObject({
      code: 400,
      msg: 'country: is invalid',
    });
    expect((await post('  \n', staff)).body).toMatchObject({ code: 400, msg: 'body: is required' });
  });
});
