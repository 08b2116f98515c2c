import { NextRequest } from 'next/server';
import { getRewrittenUrl, isRewrite, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config, isMobileRequest, proxy } from '@/proxy';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { desktopPathFor, mobilePathFor } from '@/lib/routing/mobile-path';
import { PAGE_ROOTS, TOOL_PAGE_ROOTS } from '@/lib/routing/page-roots';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const req = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, 'http://portal.test'), { headers });

describe('mobilePathFor / desktopPathFor', () => {
  it.each([
    ['/login', '/mobileLogin'],
    ['/functionality', '/mobileFunctionality'],
    ['/documents', '/mobileDocuments'],
    ['/documents/documentsInfo', '/mobileDocuments/documentsInfo'],
    ['/documents/42/some-slug', '/mobileDocuments/42/some-slug'],
    ['/feedback', '/mobileFeedback'],
    ['/feedback/7', '/mobileFeedback/7'],
    ['/regard/aboutUs', '/mobileRegard/aboutUs'],
    ['/regard/journalism/12', '/mobileRegard/journalism/12'],
    ['/product/farming', '/mobileProduct/farming'],
    ['/solution/securitySolution', '/mobileSolution/securitySolution'],
    ['/', '/mobileHome'],
    ['/equitiesCentre/member', '/mobileEquitiesCentre/member'],
    ['/correspondence/abc', '/mobileCorrespondence/abc'],
    ['/terms', '/mobileTerms'],
    ['/privacy', '/mobilePrivacy'],
  ])('%s → %s and back', (desktop, mobile) => {
    expect(mobilePathFor(desktop)).toBe(mobile);
    expect(desktopPathFor(mobile)).toBe(desktop);
  });

  it.each(['/loginx', '/documentsX', '/productivity', '/mobileLogin', '/api/core/x'])(
    'has no mobile counterpart for %s',
    (p) => expect(mobilePathFor(p)).toBeNull(),
  );
});

describe('isMobileRequest', () => {
  it('treats phones as mobile, by user agent or client hint', () => {
    expect(isMobileRequest(new Headers({ 'user-agent': IPHONE }))).toBe(true);
    expect(isMobileRequest(new Headers({ 'user-agent': ANDROID_PHONE }))).toBe(true);
    expect(isMobileRequest(new Headers({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' }))).toBe(true);
  });

  it('treats desktops, tablets and unknown clients as desktop', () => {
    expect(isMobileRequest(new Headers({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?0' }))).toBe(false);
    expect(isMobileRequest(new Headers({ 'user-agent': IPAD }))).toBe(false);
    expect(isMobileRequest(new Headers())).toBe(false);
  });
});

const EN = { 'accept-language': 'en-US,en;q=0.9' };

describe('proxy (device and language routing, docs/screens.md)', () => {
  it('rewrites a desktop page to its mobile counterpart for a phone, keeping the query', () => {
    const res = proxy(req('/documents/42/slug?x=1', { 'user-agent': IPHONE, ...EN }));
    expect(isRewrite(res)).toBe(true);
    expect(getRewrittenUrl(res)).toBe('http://portal.test/en/mobileDocuments/42/slug?x=1');
  });

  it('rewrites the login screen for a client hint saying mobile', () => {
    const res = proxy(req('/login', { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1', ...EN }));
    expect(getRewrittenUrl(res)).toBe('http://portal.test/en/mobileLogin');
  });

  it('serves desktop pages to desktops, and every page to a phone in the mobile chrome', () => {
    expect(getRewrittenUrl(proxy(req('/login', { 'user-agent': DESKTOP, ...EN })))).toBe('http://portal.test/en/login');
    expect(getRewrittenUrl(proxy(req('/', { 'user-agent': DESKTOP, ...EN })))).toBe('http://portal.test/en');
    expect(getRewrittenUrl(proxy(req('/', { 'user-agent': IPHONE, ...EN })))).toBe('http://portal.test/en/mobileHome');
    expect(getRewrittenUrl(proxy(req('/equitiesCentre/member', { 'user-agent': IPHONE, ...EN })))).toBe(
      'http://portal.test/en/mobileEquitiesCentre/member',
    );
    expect(getRewrittenUrl(proxy(req('/correspondence/tok', { 'user-agent': IPHONE, ...EN })))).toBe(
      'http://portal.test/en/mobileCorrespondence/tok',
    );
    // A path no page claims: the 404 inside the mobile chrome, not the desktop one.
    expect(getRewrittenUrl(proxy(req('/no/such/page', { 'user-agent': IPHONE, ...EN })))).toBe(
      'http://portal.test/en/mobileNotFound/no/such/page',
    );
  });

  it('keeps /mobile… URLs for phones, and sends desktops to the desktop page', () => {
    expect(getRewrittenUrl(proxy(req('/mobileDocuments/1', { 'user-agent': IPHONE, ...EN })))).toBe(
      'http://portal.test/en/mobileDocuments/1',
    );
    const res = proxy(req('/mobileDocuments/1?q=x', { 'user-agent': DESKTOP, ...EN }));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://portal.test/documents/1?q=x');
    expect(res.headers.get('vary')).toContain('User-Agent');
    expect(proxy(req('/mobileHome', { 'user-agent': DESKTOP })).headers.get('location')).toBe('http://portal.test/');
  });

  it('picks the language from the locale cookie first, then Accept-Language', () => {
    const zhBrowser = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' };
    expect(getRewrittenUrl(proxy(req('/regard/journalism', zhBrowser)))).toBe(
      'http://portal.test/zh-CN/regard/journalism',
    );
    expect(getRewrittenUrl(proxy(req('/regard/journalism', { ...zhBrowser, cookie: 'locale=en' })))).toBe(
      'http://portal.test/en/regard/journalism',
    );
    expect(getRewrittenUrl(proxy(req('/regard/journalism', { ...EN, cookie: 'locale=zh-CN' })))).toBe(
      'http://portal.test/zh-CN/regard/journalism',
    );
    expect(proxy(req('/', zhBrowser)).headers.get('content-language')).toBe('zh-CN');
  });

  describe('a language in the URL (issue 31 item 1)', () => {
    const to = (path: string, headers: Record<string, string>) => getRewrittenUrl(proxy(req(path, headers)));

    it('serves /en/… and /zh-CN/… in that language whatever the cookie and browser say, on both devices', () => {
      const zhEverything = { 'accept-language': 'zh-CN,zh;q=0.9', cookie: 'locale=zh-CN' };
      const enEverything = { ...EN, cookie: 'locale=en' };
      expect(to('/en/functionality?product=rice&region=CN-SD', { 'user-agent': DESKTOP, ...zhEverything })).toBe(
        'http://portal.test/en/functionality?product=rice&region=CN-SD',
      );
      expect(to('/zh-CN/functionality?product=rice', { 'user-agent': DESKTOP, ...enEverything })).toBe(
        'http://portal.test/zh-CN/functionality?product=rice',
      );
      expect(to('/zh-CN/functionality?product=rice', { 'user-agent': IPHONE, ...enEverything })).toBe(
        'http://portal.test/zh-CN/mobileFunctionality?product=rice',
      );
      expect(to('/en/regard/journalism/3', { 'user-agent': IPHONE, ...zhEverything })).toBe(
        'http://portal.test/en/mobileRegard/journalism/3',
      );
      expect(to('/zh-CN', { 'user-agent': DESKTOP, ...enEverything })).toBe('http://portal.test/zh-CN');
      expect(to('/zh-CN', { 'user-agent': IPHONE, ...enEverything })).toBe('http://portal.test/zh-CN/mobileHome');
      expect(proxy(req('/zh-CN/login', enEverything)).headers.get('content-language')).toBe('zh-CN');
    });

    it('rewrites a prefixed URL to the same page as the unprefixed one in that language (one cache entry)', () => {
      for (const [ua, path] of [
        [DESKTOP, '/regard/journalism?category=market&page=2'],
        [IPHONE, '/regard/journalism?category=market&page=2'],
        [DESKTOP, '/documents/documentsInfo?id=7'],
        [IPHONE, '/functionality?product=rice'],
        [IPHONE, '/no/such/page'],
        [DESKTOP, '/'],
      ] as const) {
        const unprefixed = to(path, { 'user-agent': ua, cookie: 'locale=zh-CN' });
        expect({ ua, path, to: to(`/zh-CN${path === '/' ? '' : path}`, { 'user-agent': ua, ...EN }) }).toEqual({
          ua,
          path,
          to: unprefixed,
        });
      }
    });

    it('keeps the language of a prefixed URL in the cookie when it differs, and only then', () => {
      const res = proxy(req('/zh-CN/functionality', { 'user-agent': DESKTOP, cookie: 'locale=en' }));
      expect(res.headers.get('set-cookie')).toMatch(/^locale=zh-CN; Path=\/; .*SameSite=lax/i);
      expect(proxy(req('/zh-CN/functionality', { cookie: 'locale=zh-CN' })).headers.get('set-cookie')).toBeNull();
      expect(proxy(req('/en', {})).headers.get('set-cookie')).toMatch(/^locale=en;/);
      // An unprefixed URL negotiates as before and sets nothing.
      expect(proxy(req('/functionality', { 'accept-language': 'zh-CN' })).headers.get('set-cookie')).toBeNull();
    });

    it('sends a desktop on a prefixed /mobile… URL to the desktop page in the same language', () => {
      const res = proxy(req('/zh-CN/mobileFunctionality?product=rice', { 'user-agent': DESKTOP, ...EN }));
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe('http://portal.test/zh-CN/functionality?product=rice');
      expect(proxy(req('/en/mobileHome', { 'user-agent': DESKTOP })).headers.get('location')).toBe(
        'http://portal.test/en',
      );
      expect(to('/zh-CN/mobileFunctionality', { 'user-agent': IPHONE, ...EN })).toBe(
        'http://portal.test/zh-CN/mobileFunctionality',
      );
    });

    it('redirects another spelling of a language to the site’s one, keeping path and query', () => {
      const res = proxy(req('/zh-cn/functionality?product=rice', { 'user-agent': DESKTOP }));
      expect(res.status).toBe(308);
      expect(res.headers.get('location')).toBe('http://portal.test/zh-CN/functionality?product=rice');
      expect(proxy(req('/EN', {})).headers.get('location')).toBe('http://portal.test/en');
    });

    it('gives a path under a language prefix that no page claims the 404 route of that language', () => {
      for (const [path, ua, target] of [
        ['/zh-CN/no/such/page', DESKTOP, '/zh-CN/no/such/page'],
        ['/zh-CN/no/such/page', IPHONE, '/zh-CN/mobileNotFound/no/such/page'],
        ['/en/wp-login.php', DESKTOP, '/en/wp-login.php'],
        ['/en/en/functionality', DESKTOP, '/en/en/functionality'],
        ['/en/pay/functionality', DESKTOP, '/en/pay/functionality'],
        ['/fr/functionality', DESKTOP, '/en/fr/functionality'],
      ] as const) {
        const res = proxy(req(path, { 'user-agent': ua, ...EN }));
        expect({ path, ua, to: new URL(getRewrittenUrl(res) ?? 'http://x/none').pathname }).toEqual({
          path,
          ua,
          to: target,
        });
      }
    });
  });

  it('answers Vary on the user agent, the mobile client hint, the language and the cookie on every page it handles', () => {
    for (const r of [req('/login', { 'user-agent': IPHONE }), req('/login', { 'user-agent': DESKTOP }), req('/')]) {
      const vary = proxy(r).headers.get('vary') ?? '';
      expect(vary.split(/,\s*/)).toEqual(
        expect.arrayContaining(['User-Agent', 'Sec-CH-UA-Mobile', 'Accept-Language', 'Cookie']),
      );
    }
  });

  it('leaves the API, Next internals, stored files, the payment gateway, operator tools and files alone', () => {
    for (const p of [
      '/api/core/User/GetCurrentUser',
      '/_next/static/chunk.js',
      '/files/a/b.png',
      '/pay/sandbox/x',
      '/dev/sms',
      '/api-docs',
      '/console',
      '/console/audit',
      '/favicon.svg',
      '/favicon.ico',
      '/sw.js',
      '/seo/news.json',
    ]) {
      const res = proxy(req(p, { 'user-agent': IPHONE }));
      expect({ p, rewrite: isRewrite(res), vary: res.headers.get('vary') }).toEqual({ p, rewrite: false, vary: null });
    }
  });

  it('sends a made-up file name to the 404 route of the language and device, with the page CSP', () => {
    for (const [path, ua, target] of [
      ['/wp-login.php', DESKTOP, '/en/wp-login.php'],
      ['/.env', DESKTOP, '/en/.env'],
      ['/xmlrpc.php', IPHONE, '/en/mobileNotFound/xmlrpc.php'],
    ] as const) {
      const res = proxy(req(path, { 'user-agent': ua }));
      expect({ path, to: new URL(getRewrittenUrl(res) ?? 'http://x/none').pathname }).toEqual({ path, to: target });
      expect(res.headers.get('content-security-policy')).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    }
  });

  it('sends a bare tool or file prefix that has no page to the 404 route, never the home page under its name', () => {
    for (const [path, ua, target] of [
      ['/pay', DESKTOP, '/en/pay'],
      ['/embed', DESKTOP, '/en/embed'],
      ['/dev', DESKTOP, '/en/dev'],
      ['/api', DESKTOP, '/en/api'],
      ['/files', DESKTOP, '/en/files'],
      ['/_next', DESKTOP, '/en/_next'],
      ['/pay', IPHONE, '/en/mobileNotFound/pay'],
      ['/embed', IPHONE, '/en/mobileNotFound/embed'],
      // A tool name before a localised page's path took the tool name for a language and rendered
      // that page, 200 and cached; it is the 404 of the path, in the visitor's language and device.
      ['/pay/functionality', DESKTOP, '/en/pay/functionality'],
      ['/console/regard/aboutUs', DESKTOP, '/en/console/regard/aboutUs'],
      ['/embed/equitiesCentre/member', DESKTOP, '/en/embed/equitiesCentre/member'],
      ['/dev/login', DESKTOP, '/en/dev/login'],
      ['/api-docs/mobileHome', IPHONE, '/en/mobileNotFound/api-docs/mobileHome'],
      ['/pay/functionality', IPHONE, '/en/mobileNotFound/pay/functionality'],
    ] as const) {
      const res = proxy(req(path, { 'user-agent': ua }));
      expect({ path, ua, to: new URL(getRewrittenUrl(res) ?? 'http://x/none').pathname }).toEqual({
        path,
        ua,
        to: target,
      });
      expect(res.headers.get('content-security-policy')).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    }
    // The embeddable charts may be framed; a 404 under their prefix may not.
    const embed404 = proxy(req('/embed/equitiesCentre/member', { 'user-agent': DESKTOP }));
    expect(embed404.headers.get('x-frame-options')).toBe('DENY');
    expect(embed404.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(proxy(req('/embed/trend', { 'user-agent': DESKTOP })).headers.get('content-security-policy')).toContain(
      'frame-ancestors *',
    );
    // Their pages and the prefixes with a page of their own are left alone.
    for (const p of ['/pay/sandbox/x', '/embed/trend', '/dev/sms', '/console', '/console/data/imports', '/api-docs']) {
      const res = proxy(req(p, { 'user-agent': DESKTOP }));
      expect({ p, rewrite: isRewrite(res) }).toEqual({ p, rewrite: false });
    }
  });

  it("lets only this site frame the console's article and document previews, served in the device their path names", () => {
    for (const [path, ua, to] of [
      ['/en/preview/news/t0k', DESKTOP, '/en/preview/news/t0k'],
      ['/zh-CN/mobilePreview/news/t0k', DESKTOP, '/zh-CN/mobilePreview/news/t0k'],
      ['/en/preview/news/t0k', IPHONE, '/en/preview/news/t0k'],
      ['/en/preview/docs/t0k', IPHONE, '/en/preview/docs/t0k'],
      ['/zh-CN/mobilePreview/docs/t0k', DESKTOP, '/zh-CN/mobilePreview/docs/t0k'],
    ] as const) {
      const res = proxy(req(path, { 'user-agent': ua, cookie: 'locale=zh-CN' }));
      expect({ path, ua, to: new URL(getRewrittenUrl(res)!).pathname }).toEqual({ path, ua, to });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      // Previewing the other language leaves the console's language alone.
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // The article's own page, and anything merely named like a preview, may not be framed.
    for (const p of [
      '/en/regard/journalism/1',
      '/en/documents/1/x',
      '/en/preview',
      '/en/preview/other/x',
      '/en/preview/documents/x',
      '/regard/preview/news/x',
    ]) {
      const policy = proxy(req(p, { 'user-agent': DESKTOP })).headers.get('content-security-policy');
      expect({ p, policy }).toEqual({ p, policy: expect.stringContaining("frame-ancestors 'none'") });
    }
  });

  it('gives every page it handles a fresh nonce-based CSP, the same for Next (request) and the browser', () => {
    const policies = ['/', '/login', '/dev/sms', '/pay/sandbox/x', '/api-docs', '/console/login'].map((p) => {
      const res = proxy(req(p, { 'user-agent': IPHONE }));
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
      expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      return policy;
    });
    expect(new Set(policies.map((p) => /'nonce-([^']+)'/.exec(p)![1])).size).toBe(policies.length);
  });

  it('is not even invoked for the API, Next internals and files', () => {
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    expect(matches('/login')).toBe(true);
    expect(matches('/')).toBe(true);
    expect(matches('/mobileLogin')).toBe(true);
    expect(matches('/regard/journalism/3')).toBe(true);
    expect(matches('/apiary')).toBe(true);
    expect(matches('/developers')).toBe(true);
    // Bare, they come through for their 404 (no page of their own).
    for (const bare of ['/api', '/_next', '/files'])
      expect({ bare, matches: matches(bare) }).toEqual({ bare, matches: true });
    expect(matches('/api/core/User/GetCurrentUser')).toBe(false);
    expect(matches('/_next/static/chunks/main.js')).toBe(false);
    expect(matches('/favicon.svg')).toBe(false);
    expect(matches('/favicon.ico')).toBe(false); // a browser asks for it where the icon link comes late
    for (const file of ['/feed.xml', '/robots.txt', '/sitemap.xml', '/sw.js', '/seo/news.json', '/geo/world.json'])
      expect({ file, matches: matches(file) }).toEqual({ file, matches: false });
    expect(matches('/content/home/hero.webp')).toBe(false);
    // Made-up file names are no files: the proxy makes them the localised 404 (issue 27, item 2).
    for (const junk of ['/wp-login.php', '/xmlrpc.php', '/.env', '/en/wp-admin/setup-config.php', '/zh-CN/x.bak'])
      expect({ junk, matches: matches(junk) }).toEqual({ junk, matches: true });
    // Pages outside the site chrome still need their CSP.
    expect(matches('/dev/sms')).toBe(true);
    expect(matches('/pay/sandbox/abc')).toBe(true);
    expect(matches('/api-docs')).toBe(true);
  });
});

describe('PAGE_ROOTS', () => {
  it('names exactly the first segments of the pages under app/[locale]', () => {
    const roots = ['(desktop)', '(mobile)'].flatMap((group) =>
      readdirSync(join(process.cwd(), 'app/[locale]', group), { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('['))
        .map((e) => e.name),
    );
    expect([...PAGE_ROOTS].sort()).toEqual(roots.sort());
  });

  it("lists the first segment of every tool page, so a tool's own page is never taken for the 404", () => {
    const app = join(process.cwd(), 'app');
    // The first segments under a tool's folder, through route groups such as (shell).
    const segments = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => (e.name.startsWith('(') ? segments(join(dir, e.name)) : [e.name]));
    const tools = {
      console: join(app, 'console'),
      pay: join(app, '(pay)/pay'),
      dev: join(app, '(tools)/dev'),
      embed: join(app, '(embed)/embed'),
    };
    for (const [tool, dir] of Object.entries(tools))
      for (const s of segments(dir))
        expect({ tool, s, listed: TOOL_PAGE_ROOTS[tool]?.includes(s) }).toEqual({ tool, s, listed: true });
    // And the proxy lets them through: /console/login and /console/feedback are pages.
    for (const p of ['/console/login', '/console/feedback', '/console/customers']) {
      const res = proxy(req(p, { 'user-agent': DESKTOP }));
      expect({ p, rewrite: isRewrite(res) }).toEqual({ p, rewrite: false });
    }
  });
});
