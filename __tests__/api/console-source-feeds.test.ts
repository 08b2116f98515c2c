// Sources that refresh themselves (docs/console.md "Data"): a `data` member gives a source's URL and
// schedule; the refresh job fetches it from a server of this test (loopback, allowed only by the
// test setting) with a conditional GET and imports it as a console upload is. A 304 imports nothing;
// an oversize file, a private address (given, or redirected to) and a failing server are refused
// or recorded with a clear message, kept on the source and listed as failing on the dashboard.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { jobRuns, priceImports, sourceFeeds } from '@/lib/server/db/schema';
import { resetEnvCache } from '@/lib/server/env';
import { runDueFeeds } from '@/lib/server/services/console/source-feeds';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import { renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';

const LIMIT = 64 * 1024;
const BGD = readFileSync(path.join(process.cwd(), 'e2e/fixtures/wfp_food_prices_bgd.csv'), 'utf8');
const ETAG = '"bgd-v1"';

let server: http.Server;
let base: string;
const hits: Record<string, number> = {};
let data: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;

beforeAll(async () => {
  process.env.SOURCE_FETCH_TEST_LOOPBACK = '1';
  process.env.SOURCE_FETCH_MAX_BYTES = String(LIMIT);
  process.env.SOURCE_FETCH_TIMEOUT_MS = '5000';
  resetEnvCache();
  server = http.createServer((req, res) => {
    const p = new URL(req.url!, 'http://x').pathname;
    hits[p] = (hits[p] ?? 0) + 1;
    if (p === '/wfp_food_prices_bgd.csv') {
      if (req.headers['if-none-match'] === ETAG) return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'text/csv', etag: ETAG }).end(BGD);
    }
    if (p === '/big.csv') return res.writeHead(200, { 'content-length': String(LIMIT * 2) }).end('x'.repeat(LIMIT * 2));
    if (p === '/streamed-big.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      for (let i = 0; i < 40; i++) res.write('x'.repeat(4096));
      return res.end();
    }
    if (p === '/to-private.csv') return res.writeHead(302, { location: 'http://10.1.2.3/prices.csv' }).end();
    if (p === '/not-prices.csv') return res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n1,2\n');
    if (p === '/moved.csv') return res.writeHead(301, { location: '/wfp_food_prices_bgd.csv' }).end();
    res.writeHead(500).end('broken');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  data = await newStaff(['data'], 'Dana Data');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  delete process.env.SOURCE_FETCH_TEST_LOOPBACK;
  delete process.env.SOURCE_FETCH_MAX_BYTES;
  delete process.env.SOURCE_FETCH_TIMEOUT_MS;
  resetEnvCache();
});

const save = (body: { name: string; url: string; everyMinutes: number; id?: number }) =>
  call('ConsoleSaveSourceFeed', { token: data.token, body });
const addFeed = (name: string, file: string) =>
  ok('ConsoleSaveSourceFeed', { token: data.token, body: { name, url: `${base}/${file}`, everyMinutes: 1440 } });
const refresh = (id: number) => call('ConsoleRefreshSourceFeed', { token: data.token, body: { id } });
const importsCount = async () => (await (await getDb()).select({ n: count() }).from(priceImports))[0]!.n;
const refreshRuns = async (outcome: string) =>
  (
    await (
      await getDb()
    )
      .select({ n: count() })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'refresh'), eq(jobRuns.outcome, outcome)))
  )[0]!.n;

describe('a source fetched from a URL', () => {
  it('imports on its first run, answers 304 on the next (importing nothing), and shows on the dashboard', async () => {
    const feed = await addFeed('WFP Bangladesh (HDX)', 'wfp_food_prices_bgd.csv');
    expect(feed).toMatchObject({ lastRunAt: null, lastOutcome: null, enabled: true, everyMinutes: 1440 });

    const r = await refresh(feed.id);
    expect(r.body.code).toBe(1);
    const ran = r.body.data as typeof feed;
    expect(ran).toMatchObject({ lastOutcome: 'ok', lastError: null, countries: ['BGD'] });
    expect(ran.lastRows).toBeGreaterThan(250);

    // The import history: the same record as an upload's, the URL's file name, by the member who asked.
    const history = await ok('ConsoleImports', { token: data.token, body: {} });
    expect(history.items[0]).toMatchObject({
      id: ran.lastImportId,
      fileName: 'wfp_food_prices_bgd.csv',
      actorName: 'Dana Data',
      outcome: 'ok',
    });
    expect(await refreshRuns('ok')).toBe(1);

    // The server's ETag goes back as If-None-Match: 304, nothing imported, the run still recorded.
    const before = await importsCount();
    const again = await ok('ConsoleRefreshSourceFeed', { token: data.token, body: { id: feed.id } });
    expect(again).toMatchObject({ lastOutcome: 'unchanged', lastRows: 0, lastImportId: ran.lastImportId });
    expect(await importsCount()).toBe(before);
    expect(await refreshRuns('ok')).toBe(2);
    expect(hits['/wfp_food_prices_bgd.csv']).toBe(2);

    // The dashboard: the source's rows have its next refresh; the card its last run; nothing failing.
    const dash = await ok('ConsoleDashboard', { token: data.token });
    const bgd = dash.freshness.filter((f) => f.country === 'BGD');
    expect(bgd.length).toBeGreaterThan(0);
    expect(bgd.every((f) => f.nextRefreshAt === again.nextRunAt)).toBe(true);
    expect(dash.feeds.find((f) => f.id === feed.id)).toMatchObject({ lastOutcome: 'unchanged' });
    expect(dash.failing).toEqual([]);

    // Both runs are in the audit log, before and after.
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'source_feed', entityId: String(feed.id) },
    });
    expect(audit.items.map((a) => a.action)).toEqual([
      'ConsoleRefreshSourceFeed',
      'ConsoleRefreshSourceFeed',
      'ConsoleSaveSourceFeed',
    ]);
    expect(audit.items[0]!.before).toMatchObject({ lastOutcome: 'ok' });
    expect(audit.items[0]!.after).toMatchObject({ lastOutcome: 'unchanged' });
  });

  it('is refreshed by the job when due, once, as the scheduler, and follows a redirect', async () => {
    const feed = await addFeed('Moved file', 'moved.csv');
    const db = await getDb();
    const runs = await runDueFeeds(db);
    const mine = runs.filter((x) => x.feed.id === feed.id);
    expect(mine).toHaveLength(1);
    // The same file as the first source's: followed to it, imported, every row unchanged.
    expect(mine[0]!.feed).toMatchObject({ lastOutcome: 'ok', countries: ['BGD'] });
    expect(mine[0]!.error).toBeNull();
    const [row] = await db.select().from(sourceFeeds).where(eq(sourceFeeds.id, feed.id));
    expect(row!.nextRunAt.getTime() - row!.lastRunAt!.getTime()).toBeGreaterThan(1439 * 60_000);
    const history = await ok('ConsoleImports', { token: data.token, body: {} });
    expect(history.items[0]).toMatchObject({ id: mine[0]!.feed.lastImportId, actorName: 'scheduler' });
    // Not due again until tomorrow.
    expect((await runDueFeeds(db)).filter((x) => x.feed.id === feed.id)).toEqual([]);
  });

  it('refuses a private, loopback-without-the-setting or link-local URL when it is saved, naming the URL', async () => {
    const priv = await save({ name: 'Inside', url: 'http://10.0.0.7/prices.csv', everyMinutes: 60 });
    expect(priv.body.code).not.toBe(1);
    expect(priv.body.msg).toMatch(/^url: resolves to 10\.0\.0\.7, a private, loopback or link-local address/);
    const meta = await save({ name: 'Metadata', url: 'http://169.254.169.254/latest/meta-data', everyMinutes: 60 });
    expect(meta.body.msg).toMatch(/resolves to 169\.254\.169\.254/);
    const ftp = await save({ name: 'FTP', url: 'ftp://example.org/prices.csv', everyMinutes: 60 });
    expect(ftp.body.msg).toMatch(/must be an http\(s\) URL/);
    const odd = await save({ name: 'Odd', url: `${base}/x.csv`, everyMinutes: 7 });
    expect(odd.body.msg).toMatch(/schedules offered/);

    // Loopback only through the test setting.
    process.env.SOURCE_FETCH_TEST_LOOPBACK = '0';
    resetEnvCache();
    try {
      const local = await save({ name: 'Local', url: `${base}/wfp_food_prices_bgd.csv`, everyMinutes: 60 });
      expect(local.body.msg).toMatch(/resolves to 127\.0\.0\.1/);
    } finally {
      process.env.SOURCE_FETCH_TEST_LOOPBACK = '1';
      resetEnvCache();
    }
    const names = (await ok('ConsoleSourceFeeds', { token: data.token })).map((f) => f.name);
    expect(names).not.toContain('Inside');
    expect(names).not.toContain('Local');
  });

  it('refuses an oversize file (declared or streamed) and a redirect to a private address, recording each', async () => {
    for (const [name, file, why, key] of [
      ['Too big', 'big.csv', /^url: is larger than the limit of 0\.06 MiB/, 'sources.tooLarge'],
      ['Too big, streamed', 'streamed-big.csv', /^url: is larger than the limit of 0\.06 MiB/, 'sources.tooLarge'],
      ['Redirected inside', 'to-private.csv', /^url: resolves to 10\.1\.2\.3, a private/, 'sources.private'],
    ] as const) {
      const feed = await addFeed(name, file);
      const before = await importsCount();
      const r = await refresh(feed.id);
      expect(r.body.code).not.toBe(1);
      expect(r.body.msg).toMatch(why);
      expect(await importsCount()).toBe(before);
      const [row] = await (await getDb()).select().from(sourceFeeds).where(eq(sourceFeeds.id, feed.id));
      expect(row).toMatchObject({ lastOutcome: 'failed' });
      // Kept as the message's key and parameters; listed with its English sentence beside them.
      expect(JSON.parse(row!.lastError!)).toMatchObject({ key });
      const listed = (await ok('ConsoleSourceFeeds', { token: data.token })).find((f) => f.id === feed.id)!;
      expect(listed.lastError).toMatch(key === 'sources.tooLarge' ? /larger than the limit/ : /10\.1\.2\.3/);
      expect(listed.lastErrorRef).toMatchObject({ key });
    }
    expect(await refreshRuns('refused')).toBe(3);
  });

  it('records a failing server, lists it as failing on the dashboard, and clears it once it works', async () => {
    const feed = await addFeed('Broken server', 'broken.csv');
    const r = await refresh(feed.id);
    expect(r.body).toMatchObject({ msg: 'Refreshing “Broken server” failed: the server answered HTTP 500' });
    expect(await refreshRuns('failed')).toBeGreaterThanOrEqual(1);
    const dash = await ok('ConsoleDashboard', { token: data.token });
    const failing = dash.failing.find((f) => f.source === 'Broken server')!;
    expect(failing).toMatchObject({
      error: 'the server answered HTTP 500',
      errorRef: { key: 'sources.httpStatus', params: { status: 500 } },
    });
    // What a Chinese console shows: the same error in Chinese.
    expect(renderMessage(failing.errorRef as MessageRef, 'zh-CN', serverZhCN)).toBe('服务器返回 HTTP 500');
    expect(dash.feeds.find((f) => f.id === feed.id)).toMatchObject({ lastOutcome: 'failed' });

    // Pointed at a working file: fetched at once (next run now), no longer failing.
    const fixed = await ok('ConsoleSaveSourceFeed', {
      token: data.token,
      body: { id: feed.id, name: 'Broken server', url: `${base}/wfp_food_prices_bgd.csv`, everyMinutes: 60 },
    });
    expect(new Date(fixed.nextRunAt).getTime()).toBeLessThanOrEqual(Date.now());
    const runs = await runDueFeeds(await getDb());
    expect(runs.find((x) => x.feed.id === feed.id)?.feed).toMatchObject({ lastOutcome: 'ok' });
    const after = await ok('ConsoleDashboard', { token: data.token });
    expect(after.failing.find((f) => f.source === 'Broken server')).toBeUndefined();
  });

  it("keeps a file the import refused as a message, the import's own reason as its detail", async () => {
    const feed = await addFeed('Not prices', 'not-prices.csv');
    const ran = await ok('ConsoleRefreshSourceFeed', { token: data.token, body: { id: feed.id } });
    expect(ran).toMatchObject({ lastOutcome: 'refused', lastErrorRef: { key: 'sources.fileRefused' } });
    expect(ran.lastError).toMatch(/^the import refused the file: \S/);
    expect(renderMessage(ran.lastErrorRef as MessageRef, 'zh-CN', serverZhCN)).toBe('导入拒绝了该文件');
  });

  it('lists an error kept as English text before errors were kept as messages, as that text', async () => {
    const feed = await addFeed('Old error', 'broken.csv');
    await (await getDb())
      .update(sourceFeeds)
      .set({ enabled: false, lastOutcome: 'failed', lastRunAt: new Date(), lastError: 'the server answered HTTP 502' })
      .where(eq(sourceFeeds.id, feed.id));
    const listed = (await ok('ConsoleSourceFeeds', { token: data.token })).find((f) => f.id === feed.id)!;
    expect(listed).toMatchObject({ lastError: 'the server answered HTTP 502', lastErrorRef: null });
  });

  it('refuses a second source of the same name, naming the field', async () => {
    const r = await save({ name: 'WFP Bangladesh (HDX)', url: `${base}/other.csv`, everyMinutes: 60 });
    expect(r.body.msg).toBe('name: is the name of another source');
  });
});
