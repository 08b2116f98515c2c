// The console's documents (docs/console.md "Documents"), desktop, in both languages: an editor
// makes a directory, writes a bilingual document with a PDF attached and publishes it, and it is
// on the public /{lang}/documents page in that directory with the file downloadable; a
// contributor's draft has no Publish button and the publish call answers them 403. What the
// spec adds to the public pages is taken off again at its end (other specs share the database).
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { callUrl, loginViaApi } from './support/api';
import { shoot } from './support/console-shots';

const EDITOR = { phone: '13800000010', password: 'Staff12345' } as const;
const CONTRIBUTOR = { phone: '13800000011', password: 'Staff12345' } as const;

const EN = {
  docs: 'Documents',
  newDir: 'New directory',
  nameZh: 'Name in Chinese',
  nameEn: 'Name in English',
  create: 'New document',
  dir: 'Directory',
  title: 'Title',
  content: 'Content',
  zh: 'Chinese',
  en: 'English',
  saveDraft: 'Save draft',
  saved: /Saved as version/,
  attach: 'Add a file',
  publish: 'Publish now',
  schedule: 'Schedule…',
  published: 'Published',
  draft: 'Draft',
  preview: 'Preview',
  phone: 'Phone · 390 px',
  notOut: 'Not published yet',
};
const ZH = {
  docs: '文档',
  newDir: '新建目录',
  nameZh: '中文名称',
  nameEn: '英文名称',
  create: '新建文档',
  dir: '所属目录',
  title: '标题',
  content: '正文内容',
  zh: '中文',
  en: 'English（英文）',
  saveDraft: '保存草稿',
  saved: /已保存为第/,
  attach: '添加文件',
  publish: '立即发布',
  schedule: '定时发布…',
  published: '已发布',
  draft: '草稿',
  preview: '预览',
  phone: '手机 · 390 像素',
  notOut: '尚未发布',
};
type T = typeof EN;
const LANGS = [
  ['en', EN],
  ['zh-CN', ZH],
] as const;

async function signIn(page: Page, who: { phone: string; password: string }) {
  const token = await loginViaApi(page.request, who.phone, who.password, 'ConsoleLogin');
  await page.addInitScript((t) => window.localStorage.setItem('consoleToken', t), token);
  return token;
}

/** A console call over the API, answering its envelope. */
async function consoleCall<D>(request: APIRequestContext, token: string, name: string, data: unknown) {
  const r = await request.post(callUrl(name as never), { headers: { authorization: token }, data });
  return (await r.json()) as { code: number; msg?: string; data: D };
}

/** Writes both languages of a document: titles and contents side by side. */
async function write(page: Page, t: T, title: { en: string; zh: string }) {
  const zh = page.getByRole('region', { name: t.zh, exact: true });
  const en = page.getByRole('region', { name: t.en, exact: true });
  await zh.getByLabel(t.title, { exact: true }).fill(title.zh);
  await zh.getByRole('textbox', { name: new RegExp(`^${t.content}`) }).fill(`${title.zh}的正文。`);
  await en.getByLabel(t.title, { exact: true }).fill(title.en);
  await en.getByRole('textbox', { name: new RegExp(`^${t.content}`) }).fill(`The content of ${title.en}.`);
}

for (const [lang, t] of LANGS) {
  test(`an editor publishes a bilingual document with a PDF in a new directory (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    const token = await signIn(page, EDITOR);
    const stamp = Date.now().toString(36);
    const dirName = { en: `Field manuals ${stamp}`, zh: `田间手册 ${stamp}` };
    const title = { en: `Storing grain ${stamp}`, zh: `粮食储存 ${stamp}` };
    const shown = lang === 'en' ? title.en : title.zh;

    // A new directory, from the tree's modal.
    await page.goto('/console/content/documents');
    await expect(page.getByRole('heading', { name: t.docs, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: t.newDir }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(t.nameZh).fill(dirName.zh);
    await modal.getByLabel(t.nameEn).fill(dirName.en);
    await modal.getByRole('button', { name: /^(OK|确 ?定)$/ }).click();
    await expect(modal).toBeHidden();
    const tree = page.locator('.ant-tree');
    await expect(tree.getByText(lang === 'en' ? dirName.en : dirName.zh)).toBeVisible();

    // A document in it: both languages, saved, a PDF attached, published.
    await page.getByRole('link', { name: t.create }).click();
    await expect(page).toHaveURL(/\/console\/content\/documents\/new\?dir=\d+$/);
    const dirId = Number(/dir=(\d+)/.exec(page.url())![1]);
    await write(page, t, title);
    await page.getByRole('button', { name: t.saveDraft }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/console\/content\/documents\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);

    const pdfPath = test.info().outputPath(`guide-${lang}.pdf`);
    writeFileSync(pdfPath, `%PDF-1.4\n% storing grain ${stamp}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t.attach }).click();
    await (await choosing).setFiles(pdfPath);
    await expect(page.getByRole('link', { name: `guide-${lang}.pdf` })).toBeVisible();

    await shoot(page, `doc-editor-${lang}`);

    // The preview: the site's own page of the draft, with its file, on a desktop and on a phone.
    await page.getByRole('button', { name: t.preview }).click();
    const preview = page.getByRole('dialog', { name: t.preview });
    const desktop = preview.getByTestId('preview-desktop');
    await expect(desktop).toHaveAttribute('src', new RegExp(`^/${lang}/preview/docs/${id}\\.`));
    await expect(desktop.contentFrame().getByRole('heading', { name: shown })).toBeVisible();
    await page.mouse.move(0, 0);
    await shoot(page, `doc-preview-desktop-${lang}`);
    const desktopUrl = (await desktop.getAttribute('src'))!;
    await preview.getByText(t.phone, { exact: true }).click();
    const phone = preview.getByTestId('preview-phone');
    await expect(phone).toHaveAttribute('src', new RegExp(`^/${lang}/mobilePreview/docs/${id}\\.`));
    expect((await phone.boundingBox())?.width).toBe(390);
    await expect(phone.contentFrame().getByTestId('doc-when')).toHaveText(t.notOut);
    await shoot(page, `doc-preview-phone-${lang}`);
    const phoneUrl = (await phone.getAttribute('src'))!;
    for (const url of [desktopUrl, phoneUrl]) {
      const res = await request.get(url);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(shown);
      expect(html).toContain(`guide-${lang}.pdf`);
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers()['cache-control']).toMatch(/no-store/);
      // An altered link opens nothing, nor does the same link as an article's.
      expect((await request.get(url.replace(`/docs/${id}.`, `/docs/${id + 1}.`))).status()).toBe(404);
      expect((await request.get(url.replace('/docs/', '/news/'))).status()).toBe(404);
    }
    // The draft's own address is still no page.
    expect((await request.get(`/${lang}/documents/${id}`)).status()).toBe(404);
    await preview.getByRole('button', { name: /close|关闭/i }).click();

    await page.getByRole('button', { name: t.publish }).click();
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible();

    // On the public documents page, in its directory, with the file downloadable.
    const listing = await (await request.get(`/${lang}/documents?dir=${dirId}`)).text();
    expect(listing).toContain(shown);
    const docPage = await page.context().newPage();
    await docPage.goto(`/${lang}/documents/${id}`);
    await expect(docPage.getByRole('heading', { name: shown })).toBeVisible();
    const file = docPage.getByRole('link', { name: new RegExp(`guide-${lang}\\.pdf`) });
    const href = (await file.getAttribute('href'))!;
    const download = await request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await docPage.close();

    // Put back: the document goes back to a draft in a demo directory, and the new directory goes.
    const doc = await consoleCall<{ version: number; dirId: number }>(request, token, 'ConsoleDocumentGet', { id });
    const back = await consoleCall<{ version: number }>(request, token, 'ConsoleUnpublishDocument', {
      id,
      version: doc.data.version,
    });
    expect(back.code).toBe(1);
    const dirs = await consoleCall<{ id: number }[]>(request, token, 'ConsoleDocDirs', {});
    const got = await consoleCall<{ texts: unknown }>(request, token, 'ConsoleDocumentGet', { id });
    const moved = await consoleCall(request, token, 'ConsoleSaveDocumentDraft', {
      id,
      version: back.data.version,
      dirId: dirs.data[0]!.id,
      texts: got.data.texts,
    });
    expect(moved.code).toBe(1);
    expect((await consoleCall(request, token, 'ConsoleDeleteDocDir', { id: dirId })).code).toBe(1);
    expect((await request.get(`/${lang}/documents/${id}`)).status()).toBe(404);
  });

  test(`a contributor's document draft cannot be published by them (${lang})`, {
    tag: '@desktop',
  }, async ({ page, context, request }) => {
    await context.addCookies([{ name: 'locale', value: lang, url: test.info().project.use.baseURL! }]);
    const token = await signIn(page, CONTRIBUTOR);
    const dirs = await consoleCall<{ id: number }[]>(request, token, 'ConsoleDocDirs', {});
    await page.goto(`/console/content/documents/new?dir=${dirs.data[0]!.id}`);
    const stamp = Date.now().toString(36);
    await write(page, t, { en: `Contributor guide ${stamp}`, zh: `撰稿指南 ${stamp}` });
    await page.getByRole('button', { name: t.saveDraft }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByText(t.draft, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: t.publish })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.schedule })).toHaveCount(0);
    // Directories are the editors': no button to make one.
    await page.goto('/console/content/documents');
    await expect(page.getByRole('heading', { name: t.docs, level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: t.newDir })).toHaveCount(0);

    const list = await consoleCall<{ items: { id: number; version: number }[] }>(
      request,
      token,
      'ConsoleDocumentList',
      { q: `Contributor guide ${stamp}` },
    );
    const mine = list.data.items[0]!;
    const r = await consoleCall(request, token, 'ConsolePublishDocument', { id: mine.id, version: mine.version });
    expect(r.code).toBe(403);
    expect((await request.get(`/${lang}/documents/${mine.id}`)).status()).toBe(404);
  });
}
