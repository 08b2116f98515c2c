// Alert rules on both databases (docs/alerts.md): each kind at its boundary, fired by the import
// that brings the observation and never twice for one observation (a re-import, a second
// evaluator); limits per level. Days are counted back from today (scripts/test-dates.sh).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { evaluateRules } from '@/lib/server/services/alerts/evaluate';
import { addDays, addMonths } from '@/lib/shared/dates';
import { call, ok } from '../support/api-client';
import { flat, followSeries, importPrices, member } from '../support/alerts';
import { handPrices, monthsEnding } from '../support/anomaly';
import { platinumMember, TODAY } from '../support/market';

const START = addDays(TODAY, -120);
const day = (n: number) => addDays(START, n);
let token = '';
let userId = '';
let watchId = '';
let product = '';

const notes = async () =>
  (await ok('QueryNotifications', { body: { size: 100 }, token })).items.filter((n) => n.product === product);

async function rule(body: Record<string, unknown>) {
  return ok('SaveAlertRule', { body: { watchId, ...body } as never, token });
}

beforeAll(async () => {
  await platinumMember(); // the membership levels
  const u = await member('platinum');
  token = u.token;
  userId = u.id;
  const s = await importPrices('Alert pork', 'Alert Market', flat(day(0), 30, 10));
  product = s.newProducts[0]!.code;
  watchId = await followSeries(token, product, 'hainan/alert-market');
}, 60_000);

describe('rules at their boundaries', () => {
  it('"above" fires when a new price rises above the value, not at it, and once per crossing', async () => {
    const r = await rule({ kind: 'above', value: 10.5 });
    expect(r).toMatchObject({ met: false, lastDay: day(29) });
    await importPrices('Alert pork', 'Alert Market', [[day(30), 10.5]]);
    expect((await notes()).filter((n) => n.kind === 'above')).toHaveLength(0);
    await importPrices('Alert pork', 'Alert Market', [[day(31), 10.51]]);
    const fired = (await notes()).filter((n) => n.kind === 'above');
    expect(fired).toMatchObject([{ day: day(31), price: 10.51, detail: { value: 10.5 }, read: false }]);
    // The same file again, and a second day still above: nothing more.
    await importPrices('Alert pork', 'Alert Market', [[day(31), 10.51]]);
    await importPrices('Alert pork', 'Alert Market', [[day(32), 10.8]]);
    expect((await notes()).filter((n) => n.kind === 'above')).toHaveLength(1);
    // Back at the value, then above again: a second crossing.
    await importPrices('Alert pork', 'Alert Market', [[day(33), 10.5]]);
    await importPrices('Alert pork', 'Alert Market', [[day(34), 10.6]]);
    expect((await notes()).filter((n) => n.kind === 'above').map((n) => n.day)).toEqual([day(34), day(31)]);
  });

  it('"below" fires when a new price falls below the value, not at it', async () => {
    await rule({ kind: 'below', value: 10 });
    await importPrices('Alert pork', 'Alert Market', [[day(35), 10]]);
    expect((await notes()).filter((n) => n.kind === 'below')).toHaveLength(0);
    await importPrices('Alert pork', 'Alert Market', [[day(36), 9.99]]);
    expect((await notes()).filter((n) => n.kind === 'below')).toMatchObject([{ day: day(36), price: 9.99 }]);
  });

  it('"moves by X % over N days" fires at exactly X %, in the direction asked, not below it', async () => {
    // Day 37 … 43 at 10; day 44 compares with day 37 (7 days back).
    await importPrices('Alert pork', 'Alert Market', flat(day(37), 7, 10));
    const up = await rule({ kind: 'move', value: 5, days: 7, direction: 'up' });
    const down = await rule({ kind: 'move', value: 5, days: 7, direction: 'down' });
    await importPrices('Alert pork', 'Alert Market', [[day(44), 10.499]]);
    expect((await notes()).filter((n) => n.kind === 'move')).toHaveLength(0);
    await importPrices('Alert pork', 'Alert Market', [[day(45), 10.5]]);
    const moved = (await notes()).filter((n) => n.kind === 'move');
    expect(moved).toMatchObject([{ day: day(45), price: 10.5, detail: { pct: 5, refDay: day(38), refPrice: 10 } }]);
    await call('DeleteAlertRule', { body: { id: up.id }, token });
    await call('DeleteAlertRule', { body: { id: down.id }, token });
  });

  it('"any new price" fires once for each newer observation, never for a re-import', async () => {
    await rule({ kind: 'new' });
    await importPrices('Alert pork', 'Alert Market', [[day(46), 10.2]]);
    await importPrices('Alert pork', 'Alert Market', [[day(46), 10.2]]);
    await importPrices('Alert pork', 'Alert Market', [[day(47), 10.2]]);
    expect((await notes()).filter((n) => n.kind === 'new').map((n) => n.day)).toEqual([day(47), day(46)]);
  });

  it('"anomaly level reaches" fires when the import makes the level, at the level asked and not above it', async () => {
    const monthly = monthsEnding(TODAY, 36);
    const prices = handPrices(24, 20); // an alert (1.69) in the 36th month
    const s = await importPrices(
      'Alert onion',
      'Alert Market',
      monthly.slice(0, 35).map((m, i) => [m, prices[i]!]),
    );
    const code = s.newProducts[0]!.code;
    const w = await followSeries(token, code, 'hainan/alert-market');
    const alert = await ok('SaveAlertRule', { body: { watchId: w, kind: 'level', level: 'alert' }, token });
    const crisis = await ok('SaveAlertRule', { body: { watchId: w, kind: 'level', level: 'crisis' }, token });
    expect([alert.met, crisis.met]).toEqual([false, false]); // 35 months: no level yet
    await importPrices('Alert onion', 'Alert Market', [[monthly[35]!, prices[35]!]]);
    const all = (await ok('QueryNotifications', { body: { size: 100 }, token })).items.filter(
      (n) => n.product === code,
    );
    expect(all).toMatchObject([{ kind: 'level', detail: { level: 'alert', reached: 'alert', score: 1.69 } }]);
  });
});

describe('one observation fires a rule once', () => {
  it('also with two evaluators at the same time', async () => {
    const r = await rule({ kind: 'new' });
    const db = await getDb();
    // As if two instances both evaluated the series after the import of day 48.
    await importPrices('Alert pork', 'Alert Market', [[day(48), 10.3]]);
    // Undo what the import's own evaluation did, so both evaluators find the observation unclaimed.
    await db.execute(sql`DELETE FROM notifications WHERE rule_id = ${r.id}`);
    await db.execute(sql`UPDATE alert_rules SET last_day = ${day(47)}::date WHERE id = ${r.id}`);
    const [key] = await query<{ p: number; g: number }>(
      db,
      sql`SELECT product_num AS p, region_num AS g FROM alert_rules WHERE id = ${r.id}`,
    );
    const series = [{ productNum: Number(key!.p), regionNum: Number(key!.g), priceType: 0, currency: 'CNY' }];
    const runs = await Promise.all([1, 2].map(() => db.transaction((tx) => evaluateRules(tx, series, new Date()))));
    expect(runs.map((x) => x.notified).sort()).toEqual([0, 1]);
    const rows = await query<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM notifications WHERE rule_id = ${r.id} AND day = ${day(48)}::date`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe('the bell', () => {
  it('counts unread notifications and marks them read; another user sees none of them', async () => {
    const before = await ok('QueryUnreadNotifications', { token });
    expect(before.unread).toBeGreaterThan(0);
    const other = await member('gold');
    expect(await ok('QueryUnreadNotifications', { token: other.token })).toEqual({ unread: 0 });
    const first = (await notes())[0]!;
    const marked = await ok('MarkNotificationsRead', { body: { ids: [first.id] }, token: other.token });
    expect(marked.unread).toBe(0); // not theirs: nothing changed
    expect((await ok('MarkNotificationsRead', { body: { ids: [first.id] }, token })).unread).toBe(before.unread - 1);
    expect((await ok('MarkNotificationsRead', { body: { all: true }, token })).unread).toBe(0);
  });
});

describe('limits per level', () => {
  it('a free user follows 10 series and sets 3 alerts, by e-mail at most', async () => {
    const free = await member('free');
    const w = await followSeries(free.token, product, 'hainan/alert-market');
    for (let i = 0; i < 3; i++)
      await ok('SaveAlertRule', { body: { watchId: w, kind: 'above', value: 20 + i }, token: free.token });
    const fourth = await call('SaveAlertRule', { body: { watchId: w, kind: 'above', value: 30 }, token: free.token });
    expect(fourth.body).toMatchObject({
      code: 403,
      msg: 'Your membership allows 3 alerts: delete one, or upgrade for more',
    });
    const sms = await call('SaveAlertRule', {
      body: { watchId: w, kind: 'new', channels: ['sms'] },
      token: free.token,
    });
    expect(sms.body).toMatchObject({ code: 403, msg: 'sms alerts are part of a higher membership level' });
  });

  it('a gold member may ask for SMS but not for a webhook; e-mail needs a confirmed address', async () => {
    const gold = await member('gold');
    const w = await followSeries(gold.token, product, 'hainan/alert-market');
    await ok('SaveAlertRule', { body: { watchId: w, kind: 'new', channels: ['sms'] }, token: gold.token });
    const hook = await call('SaveAlertRule', {
      body: { watchId: w, kind: 'new', channels: ['webhook'] },
      token: gold.token,
    });
    expect(hook.body.code).toBe(403);
    const mail = await call('SaveAlertRule', {
      body: { watchId: w, kind: 'new', channels: ['email'] },
      token: gold.token,
    });
    expect(mail.body).toMatchObject({
      code: 400,
      msg: 'channels: add and confirm an e-mail address in the alert settings first',
    });
  });

  it("refuses another user's watchlist item and a series without prices", async () => {
    const other = await member('gold');
    const r = await call('SaveAlertRule', { body: { watchId, kind: 'new' }, token: other.token });
    expect(r.body).toMatchObject({ code: 404, msg: 'This series is not in your watchlist' });
    const none = await call('FollowSeries', {
      body: { productCode: product, regionId: 'beijing', priceType: 'retail' },
      token,
    });
    expect(none.body.code).toBe(404);
    expect((await call('UnfollowSeries', { body: { id: watchId }, token: other.token })).body.code).toBe(404);
  });
});

describe('the watchlist', () => {
  it('shows latest, changes, sparkline, anomaly and the alert count', async () => {
    const list = await ok('QueryWatchlist', { token });
    const item = list.items.find((i) => i.id === watchId)!;
    expect(item).toMatchObject({
      product: { code: product },
      region: { id: 'hainan/alert-market', level: 'market' },
      latest: { date: day(48), price: 10.3 },
      lock: null,
    });
    expect(item.sparkline.length).toBeGreaterThan(3);
    expect(item.rules).toBeGreaterThan(0);
    expect(list).toMatchObject({ level: 'platinum', limits: { series: 1000, rules: 500 } });
    expect(item.change1m).toBeCloseTo(((10.3 - 10) / 10) * 100, 2);
    void addMonths;
    void userId;
  });
});

describe('a "moves by" rule names history', () => {
  it('tells a member whose access reaches the earlier price, not one whose membership has ended', async () => {
    const s = await importPrices('Alert beef', 'Alert Market', flat(day(0), 30, 10));
    const code = s.newProducts[0]!.code;
    const users = [await member('platinum'), await member('platinum')];
    for (const u of users) {
      const w = await followSeries(u.token, code, 'hainan/alert-market');
      await ok('SaveAlertRule', {
        body: { watchId: w, kind: 'move', value: 5, days: 7, direction: 'up' },
        token: u.token,
      });
      await ok('SaveAlertRule', { body: { watchId: w, kind: 'new' }, token: u.token });
    }
    const [active, lapsed] = users as [(typeof users)[0], (typeof users)[0]];
    const db = await getDb();
    await db.execute(
      sql`UPDATE user_memberships SET starts_at = now() - interval '10 days', ends_at = now() - interval '2 days' WHERE user_id = ${lapsed.id}`,
    );
    await importPrices('Alert beef', 'Alert Market', [[day(30), 11]]);
    const kinds = async (t: string) =>
      (await ok('QueryNotifications', { body: { size: 100 }, token: t })).items
        .filter((n) => n.product === code)
        .map((n) => n.kind)
        .sort();
    expect(await kinds(active.token)).toEqual(['move', 'new']);
    // The latest price is anyone's to see; the price 7 days before it no longer is this user's.
    expect(await kinds(lapsed.token)).toEqual(['new']);
    // The observation is claimed all the same: importing it again tells nobody anything more.
    await importPrices('Alert beef', 'Alert Market', [[day(30), 11]]);
    expect(await kinds(lapsed.token)).toEqual(['new']);
  });
});
