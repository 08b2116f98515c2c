// The language in the URL (docs/screens.md, "Languages in the URL"; issue 31 item 1), on both
// devices: /en/… and /zh-CN/… open in their language whatever the cookie says, with the view in
// their query; every page names its canonical URL and its hreflang alternates; the switch moves
// between the two URLs keeping the query; the unprefixed URLs keep negotiating.
import { expect, test, type Page } from '@playwright/test';

const LANGS = ['en', 'zh-CN'] as const;
type Lang = (typeof LANGS)[number];

const inLang = (l: Lang, path: string) => `/${l}${path === '/' ? '' : path}`;
const unescape = (s: string) => s.replace(/&amp;/g, '&');

/** The head's canonical link, `hreflang` alternates and the document's language of an HTML page. */
function headLinks(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attrs = (tag: string): Record<string, string> =>
    Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), unescape(m[2]!)]));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => attrs(m[0]));
  return {
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    alternates: Object.fromEntries(
      links.filter((l) => l.rel === 'alternate' && l.hreflang).map((l) => [l.hreflang!, l.href ?? '']),
    ),
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
  };
}

/** Pages of every kind, by their desktop URL without a language; a real article and document. */
async function pagePaths(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const first = (re: RegExp) => {
    const m = re.exec(sitemap);
    expect(m, String(re)).not.toBeNull();
    return m![1]!;
  };
  return [
    '/',
    '/functionality',
    '/functionality/dataStatus',
    '/login',
    '/documents',
    first(/<loc>[^<]*\/en(\/documents\/\d+\/[\w-]+)<\/loc>/),
    '/regard/journalism',
    first(/<loc>[^<]*\/en(\/regard\/journalism\/\d+)<\/loc>/),
    '/regard/aboutUs',
    '/product/farming',
    '/solution/garbage',
    '/equitiesCentre/member',
    '/equitiesCentre/myData',
    '/feedback',
    '/terms',
  ];
}

/** Opens the header's language switch (in the drawer on a phone) and picks `name`. */
async function switchLanguage(page: Page, isMobile: boolean, label: string, name: string) {
  if (isMobile) await page.locator('label[for="m-drawer-toggle"]').first().click();
  await page.getByRole('form', { name: label }).getByRole('button', { name, exact: true }).click();
}

test('every page has a URL per language with its canonical link and hreflang alternates', async ({ page, baseURL }) => {
  test.slow();
  const checked: string[] = [];
  for (const path of await pagePaths(page)) {
    for (const l of LANGS) {
      const url = inLang(l, path);
      const res = await page.request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-language'], url).toBe(l);
      const { canonical, alternates, lang } = headLinks(await res.text());
      expect(lang, url).toBe(l);
      // A phone gets the mobile page under the same URL; both name the desktop URL.
      expect({ url, canonical }).toEqual({ url, canonical: `${baseURL}${inLang(l, path)}` });
      expect({ url, alternates }).toEqual({
        url,
        alternates: {
          en: `${baseURL}${inLang('en', path)}`,
          'zh-CN': `${baseURL}${inLang('zh-CN', path)}`,
          // Next writes the site's root without its slash.
          'x-default': `${baseURL}${path === '/' ? '' : path}`,
        },
      });
      checked.push(url);
    }
  }
  expect(checked.length).toBe(30);
});

test('a /zh-CN/ market link opens in Chinese with its view, whatever the cookie says, and keeps the language', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  const link = '/zh-CN/functionality?product=tomato&region=shandong&range=1y';
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const trend = page.locator('section#priceTrend');
  // The link's view: Shandong asked for (a visitor sees the nation's line and a Chinese lock), a year.
  await expect(trend.getByTestId('trend-stats')).toContainText('全国', { timeout: 45_000 });
  await expect(trend.getByTestId('lock').first()).toContainText('山东');
  await expect(trend).not.toContainText(/log in|visitors see/i);
  await expect(page).toHaveURL(`${baseURL}${link}`);
  expect(await page.title()).toMatch(/[\u4e00-\u9fff]/);
  // The link's language is kept for the unprefixed links inside the page.
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('zh-CN');
  await page.goto('/regard/journalism');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('an /en/ market link opens in English with its view for a Chinese visitor', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: baseURL! }]);
  const link = '/en/functionality?product=tomato&region=shandong&range=1y';
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const trend = page.locator('section#priceTrend');
  await expect(trend.getByTestId('trend-stats')).toContainText('China (national)', { timeout: 45_000 });
  await expect(trend.getByTestId('lock').first()).toContainText('Shandong');
  await expect(page).toHaveURL(`${baseURL}${link}`);
});

test('the switch opens the same market view at the other language’s URL, query kept, and back', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const view = '/functionality?product=tomato&region=shandong&range=1y';
  await page.goto(`/en${view}`);
  const trend = page.locator('section#priceTrend');
  await expect(trend.getByTestId('trend-stats')).toContainText('China (national)', { timeout: 45_000 });
  // A choice made on the page (the query it keeps) travels too.
  await page.evaluate(() => {
    const u = new URL(window.location.href);
    u.searchParams.set('range', '6m');
    window.history.replaceState(window.history.state, '', u);
  });
  const moved = view.replace('range=1y', 'range=6m');
  await switchLanguage(page, isMobile, 'Switch language', '中文');
  await expect(page).toHaveURL(`${baseURL}/zh-CN${moved}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(trend.getByTestId('trend-stats')).toContainText('全国', { timeout: 45_000 });
  await expect(trend.getByTestId('lock').first()).toContainText('山东');
  await switchLanguage(page, isMobile, '切换语言', 'EN');
  await expect(page).toHaveURL(`${baseURL}/en${moved}`);
  await expect(trend.getByTestId('trend-stats')).toContainText('China (national)', { timeout: 45_000 });
  // From an unprefixed URL the switch goes to the prefixed one.
  await page.goto('/regard/aboutUs');
  await switchLanguage(page, isMobile, 'Switch language', '中文');
  await expect(page).toHaveURL(`${baseURL}/zh-CN/regard/aboutUs`);
});

test('a prefixed URL and the unprefixed one in that language are one cached page; a wrong prefix is the 404', async ({
  page,
  baseURL,
}) => {
  const api = page.request;
  // Sets the cookie (it said English) and is still served from Next's page cache.
  const prefixed = await api.get('/zh-CN/solution/garbage', { headers: { cookie: 'locale=en' } });
  expect(prefixed.status()).toBe(200);
  expect(prefixed.headers()['set-cookie']).toMatch(/^locale=zh-CN;/);
  expect(prefixed.headers()['x-nextjs-cache']).toMatch(/^(HIT|MISS)$/);
  const unprefixed = await api.get('/solution/garbage', { headers: { cookie: 'locale=zh-CN' } });
  expect(unprefixed.headers()['x-nextjs-cache']).toBe('HIT');
  expect(headLinks(await unprefixed.text()).lang).toBe('zh-CN');
  // Another spelling is redirected to the site's; a language we do not have is the 404, never kept.
  const spelled = await api.get('/zh-cn/solution/garbage?x=1', { maxRedirects: 0 });
  expect(spelled.status()).toBe(308);
  expect(new URL(spelled.headers().location!, baseURL).href).toBe(`${baseURL}/zh-CN/solution/garbage?x=1`);
  for (const path of ['/fr/functionality', '/zh-CN/nope', '/en/en/functionality']) {
    for (const round of [1, 2]) {
      const res = await api.get(path, { maxRedirects: 0 });
      const at = `${path} (${round})`;
      expect(res.status(), at).toBe(404);
      expect(res.headers()['x-nextjs-cache'], at).toBeUndefined();
      expect(res.headers()['cache-control'], at).toMatch(/no-store/);
    }
  }
});

test('the sitemap lists each page in both languages; the feed links its own language', async ({ page, baseURL }) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const l of LANGS) {
    expect(sitemap).toContain(`<loc>${baseURL}/${l}/functionality</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/${l}/regard/journalism</loc>`);
  }
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/functionality"/>`);
  const feed = await (await page.request.get('/feed.xml?lang=zh-CN')).text();
  expect(feed).toMatch(new RegExp(`<link>${baseURL}/zh-CN/regard/journalism/\\d+</link>`));
});
