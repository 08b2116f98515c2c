// The console's code never loads on public pages (docs/console.md; issue: "its code never loads
// on public pages, their budgets hold"). Each page's module scripts are fetched as the browser of
// this project (desktop or phone) gets them, and searched for strings only console code carries.
// The same search on a console page finds them, so the check can fail.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { COMPARE_PATH, SECTION_PATHS } from '@/lib/routing/sections';

/** Kept by minifiers: a console-only error text, the editor's ProseMirror class name, a console call's name. */
const CONSOLE_MARKERS = ['no ConsoleI18nProvider above this component', 'ProseMirror-', 'ConsoleAuditLog'];

const PUBLIC_PAGES = [
  '/',
  '/zh-CN',
  `/en${SECTION_PATHS.functionality}`,
  `/zh-CN${SECTION_PATHS.functionality}`,
  `/en${COMPARE_PATH}`,
  `/en${SECTION_PATHS.journalism}`,
  `/en${SECTION_PATHS.documents}`,
  `/en${SECTION_PATHS.member}`,
  `/en${SECTION_PATHS.feedback}`,
  '/en/login',
];

async function scriptsOf(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  expect(srcs.length, `${path} has module scripts`).toBeGreaterThan(0);
  const bodies = await Promise.all(
    [...new Set(srcs)].map(async (s) => ({ src: s, js: await (await request.get(s)).text() })),
  );
  return bodies;
}

const found = (bodies: { src: string; js: string }[]) =>
  bodies.flatMap(({ src, js }) => CONSOLE_MARKERS.filter((m) => js.includes(m)).map((m) => `${m} in ${src}`));

test('no public page loads console code; a console page does', async ({ request }) => {
  const consolePage = await scriptsOf(request, '/console/login');
  expect(found(consolePage).length, 'the console page carries the marker').toBeGreaterThan(0);
  for (const path of PUBLIC_PAGES) {
    expect(found(await scriptsOf(request, path)), path).toEqual([]);
  }
});
