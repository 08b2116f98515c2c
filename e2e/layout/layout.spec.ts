import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { callUrl } from '../support/api';
import { CUSTOMER } from '../support/accounts';
import { findProblems, settled } from './checks';
import { routes, type Device, type Ids, type Route } from './routes';

/**
 * The layout suite: every route at every width a person uses, in both languages, as a visitor and
 * as the Gold member, in one browser with a few pages at a time. Each page is loaded once per
 * device × language × login and resized through the widths (its markup depends on the user agent,
 * not the width). It fails on what a person would see wrong (e2e/layout/checks.ts), a console
 * error or a React hydration error, and writes a screenshot of every route × width × language to
 * test-results/layout/.
 */

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DEVICES = {
  desktop: { ua: DESKTOP_UA, widths: [1920, 1440, 1280, 1024], height: 900, mobile: false },
  phone: { ua: PHONE_UA, widths: [390, 360], height: 800, mobile: true },
} as const satisfies Record<Device, unknown>;
type Lang = 'en' | 'zh-CN';
type Who = 'visitor' | 'member';

const PAGES_AT_ONCE = 3;
const SHOTS = 'test-results/layout';
const FAB = '[data-feedback-fab]';

const baseURL = `http://localhost:${Number(process.env.E2E_PORT || 3210)}`;

async function post<T>(
  page: Page,
  name: Parameters<typeof callUrl>[0],
  init: { data?: unknown; token?: string; query?: string } = {},
) {
  const res = await page.request.post(`${callUrl(name)}${init.query ?? ''}`, {
    data: init.data ?? {},
    headers: init.token ? { Authorization: init.token } : {},
  });
  const body = (await res.json()) as { code: number; msg?: string; data: T };
  expect(body, `${name}: ${body.msg ?? ''}`).toMatchObject({ code: 1 });
  return body.data;
}

/** Ids of real records for the detail routes, and an order for the payment page. */
async function loadIds(browser: Browser): Promise<{ ids: Ids; token: string }> {
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  const { token } = await post<{ token: string }>(page, 'UserLoginAPP', { data: CUSTOMER });
  const news = await post<{ list: { id: number; categoryId: string }[] }>(page, 'QueryNewsForPage', {
    data: { pageIndex: 1, pageSize: 1 },
  });
  type Dir = { id: number; documents: { id: number }[]; children: Dir[] };
  const flat = (ds: Dir[]): Dir[] => ds.flatMap((d) => [d, ...flat(d.children)]);
  const dir = flat(await post<Dir[]>(page, 'GetWebKnowledgeList')).find((d) => d.documents.length)!;
  const [type] = await post<{ id: string }[]>(page, 'QueryInfoFeedbackTypeDataList', { query: '?plaformKey=farming' });
  const [region] = await post<{ regionCode: string }[]>(page, 'QueryUserPlatformRegion', {
    query: '?plaformKey=farming',
    token,
  });
  const feedback = await post<{ id: string }>(page, 'AddInfoFeedback', {
    data: {
      plaformKey: 'farming',
      typeId: type!.id,
      regionCode: region?.regionCode,
      title: 'Tomato prices in Shouguang',
      content: 'The weekly tomato chart of Shouguang stops at the end of last month.',
      contactPhone: CUSTOMER.phone,
    },
    token,
  });
  const levels = await post<{ id: string; code: string }[]>(page, 'QueryMemberList');
  const gold = levels.find((l) => l.code === 'gold')!;
  const order = await post<{ tradeCode: string }>(page, 'UserBuyMemberLevel', {
    data: { memberId: gold.id, months: 1 },
    token,
  });
  await ctx.close();
  return {
    token,
    ids: {
      newsId: news.list[0]!.id,
      newsCategory: news.list[0]!.categoryId,
      docId: dir.documents[0]!.id,
      dirId: dir.id,
      feedbackId: feedback.id,
      tradeCode: order.tradeCode,
    },
  };
}

async function newContext(browser: Browser, device: Device, lang: Lang, token: string | null): Promise<BrowserContext> {
  const d = DEVICES[device];
  const ctx = await browser.newContext({
    baseURL,
    userAgent: d.ua,
    viewport: { width: d.widths[0], height: d.height },
    isMobile: d.mobile,
    hasTouch: d.mobile,
    locale: lang === 'zh-CN' ? 'zh-CN' : 'en-US',
    timezoneId: 'Asia/Shanghai',
    storageState: {
      cookies: [
        {
          name: 'locale',
          value: lang,
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: token ? [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }] : [],
    },
  });
  return ctx;
}

/** Loads one route, then checks it and takes its picture at every width. */
async function visit(ctx: BrowserContext, device: Device, lang: Lang, who: Who, route: Route): Promise<string[]> {
  const d = DEVICES[device];
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // The 404 page's own document is meant to answer 404.
    if (route.name === 'not-found' && m.location().url.endsWith(route.path)) return;
    errors.push(`console error: ${m.text().slice(0, 160)} (${m.location().url.replace(baseURL, '')})`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message.slice(0, 200)}`));
  const problems: string[] = [];
  try {
    await page.setViewportSize({ width: d.widths[0], height: d.height });
    const res = await page.goto(route.path, { waitUntil: 'load' });
    const status = res?.status() ?? 0;
    if (status >= 500 || (status >= 400 && route.name !== 'not-found')) problems.push(`answered HTTP ${status}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Render what `content-visibility: auto` skips off screen, so the checks and pictures see all of it.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    await page.waitForFunction(settled, undefined, { timeout: 30_000 }).catch(() => problems.push('never settled'));
    for (const width of d.widths) {
      await page.setViewportSize({ width, height: d.height });
      // Let resize observers (charts) and layout catch up.
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 120)))),
      );
      for (const p of await page.evaluate(findProblems, { lang, fabSelector: FAB })) problems.push(`@${width}: ${p}`);
      // JPEG: a fraction of the encoding time of PNG for hundreds of full-page pictures, and as legible.
      await page.screenshot({
        path: `${SHOTS}/${device}-${lang}-${who}/${route.name}@${width}.jpeg`,
        type: 'jpeg',
        quality: 80,
        fullPage: true,
      });
    }
  } catch (e) {
    problems.push(`failed: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
  return [...new Set([...errors, ...problems])].map((p) => `${route.path} ${p}`);
}

/** Runs `fn` over `items`, at most `n` at once. */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

let setup: { ids: Ids; token: string } | undefined;

for (const device of ['desktop', 'phone'] as const) {
  for (const lang of ['en', 'zh-CN'] as const) {
    for (const who of ['visitor', 'member'] as const) {
      test(`layout: ${device}, ${lang}, ${who}`, async ({ browser }) => {
        test.setTimeout(600_000);
        setup ??= await loadIds(browser);
        const dir = `${SHOTS}/${device}-${lang}-${who}`;
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        // LAYOUT_ROUTES=regexp narrows a development run to the routes whose names match.
        const only = new RegExp(process.env.LAYOUT_ROUTES || '.');
        const list = routes(setup.ids, device).filter(
          (r) => (who === 'visitor' || r.who === 'both') && only.test(r.name),
        );
        const ctx = await newContext(browser, device, lang, who === 'member' ? setup.token : null);
        const problems = (await pool(list, PAGES_AT_ONCE, (r) => visit(ctx, device, lang, who, r))).flat();
        await ctx.close();
        writeFileSync(`${dir}/problems.txt`, problems.join('\n'));
        expect(problems, `${problems.length} problems:\n${problems.join('\n')}`).toEqual([]);
      });
    }
  }
}
