import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { COMPARE_PATH, EQUITY_IDS, SECTION_PATHS } from '@/lib/routing/sections';
import { settled } from './layout/checks';
import { loginAs } from './support/api';
import { CUSTOMER } from './support/accounts';

// axe-core (https://github.com/dequelabs/axe-core) in the page: no serious or critical violation of
// WCAG 2 A/AA on the market and account pages, desktop and phone, both languages, as a visitor and
// as the Gold member.
const AXE = createRequire(__filename).resolve('axe-core/axe.min.js');
// The portal's Content Security Policy refuses scripts it did not send: axe is the test's own
// (Playwright's documented `bypassCSP` context option, for this file only).
test.use({ bypassCSP: true });

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function serious(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

const market = SECTION_PATHS.functionality;
const PAGES = [
  market,
  `${market}?region=shandong&range=1y`,
  `${COMPARE_PATH}?l=CHN&l=BGD`,
  ...EQUITY_IDS.map((id) => SECTION_PATHS[id]),
];

for (const lang of ['en', 'zh-CN'] as const) {
  for (const who of ['visitor', 'member'] as const) {
    test(`axe: no serious violation on the market and account pages (${lang}, ${who})`, async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      await page.context().addCookies([{ name: 'locale', value: lang, url: baseURL! }]);
      if (who === 'member') await loginAs(page, CUSTOMER.phone, CUSTOMER.password);
      const found: string[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForFunction(settled, undefined, { timeout: 30_000 });
        for (const v of await serious(page)) found.push(`${path}: ${v}`);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
