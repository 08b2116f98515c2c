// News in the console (docs/console.md "Content"): contributors write drafts, editors publish,
// unpublish and schedule; every write is audited in its transaction; a save naming an old version
// is refused (two staff, one article); versions come from the audit records and restore.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq } from 'drizzle-orm';
import { POST as publishRoute } from '@/app/api/jobs/publish-news/route';
import { getDb } from '@/lib/server/db/client';
import { jobRuns } from '@/lib/server/db/schema';
import { getNews } from '@/lib/server/services/content/news';
import { PREVIEW_TTL_MS, readPreviewToken } from '@/lib/server/services/content/preview-token';
import { publishDue, publishJobKey } from '@/lib/server/services/content/publish-job';
import { GET as newsJson } from '@/app/seo/news.json/route';
import { GET as sitemap } from '@/app/sitemap.xml/route';
import { GET as feed } from '@/app/feed.xml/route';
import type { NewsSeoJson } from '@/lib/server/services/content/seo-json';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { fakeClock } from '../support/clock';
import { seededContent } from '../support/content';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

seededContent();
let editor: Awaited<ReturnType<typeof newStaff>>;
let contributor: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  editor = await newStaff(['editor'], 'Eddie Editor');
  contributor = await newStaff(['contributor'], 'Connie Contributor');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

let seq = 0;
const article = (title: string, body = '<p>Body</p>') => ({
  categoryId: 'company',
  cover: '/content/news/market-1.png',
  texts: {
    en: { title, summary: `${title} summary`, body },
    'zh-CN': { title: `${title}（中文）`, summary: '摘要', body: '<p>正文</p>' },
  },
  slug: `console-article-${++seq}`,
});

/** Whether an article shows anywhere the public looks: the API, the sitemap, the feed and the SEO JSON. */
async function publicly(id: number) {
  const api = (await call('QueryNewsById', { query: { id, lang: 'en' } })).body.code === 1;
  const map = (await (await sitemap()).text()).includes(`/regard/journalism/${id}<`);
  const rss = (await (await feed(new Request('http://portal.test/feed.xml?lang=en'))).text()).includes(
    `/regard/journalism/${id}<`,
  );
  const seo = ((await (await newsJson()).json()) as NewsSeoJson).items.some((i) => i.id === id);
  return { api, map, rss, seo };
}
const nowhere = { api: false, map: false, rss: false, seo: false };
const everywhere = { api: true, map: true, rss: true, seo: true };

describe('drafts and publishing', () => {
  it('keeps a contributor’s draft private, refuses them publishing it (403), and an editor publishes it', async () => {
    const draft = await ok('ConsoleSaveNewsDraft', { token: contributor.token, body: article('Draft one') });
    expect(draft).toMatchObject({ status: 'draft', version: 1 });
    expect(await publicly(draft.id)).toEqual(nowhere);
    const found = async () =>
      (await ok('SearchContent', { body: { q: 'Draft one', kind: 'news', lang: 'en' } })).list.map((h) => h.id);
    expect(await found()).not.toContain(draft.id);

    const list = await ok('ConsoleNewsList', { token: contributor.token, body: { status: 'draft', q: 'Draft one' } });
    expect(list.items.map((i) => [i.id, i.status, i.title.en, i.title['zh-CN']])).toEqual([
      [draft.id, 'draft', 'Draft one', 'Draft one（中文）'],
    ]);

    // Edits to the draft, sanitised as SaveNews sanitises.
    const edited = await ok('ConsoleSaveNewsDraft', {
      token: contributor.token,
      body: { ...article('Draft one', '<p onclick="x()">Edited</p><script>bad()</script>'), id: draft.id, version: 1 },
    });
    expect(edited).toMatchObject({ id: draft.id, version: 2, status: 'draft' });
    const opened = await ok('ConsoleNewsGet', { token: contributor.token, body: { id: draft.id } });
    expect(opened.texts.en.body).toBe('<p>Edited</p>');
    expect(opened.texts['zh-CN'].title).toBe('Draft one（中文）');

    const refused = await call('ConsolePublishNews', { token: contributor.token, body: { id: draft.id, version: 2 } });
    expect(refused.body.code).toBe(403);
    expect(await publicly(draft.id)).toEqual(nowhere);

    const published = await ok('ConsolePublishNews', { token: editor.token, body: { id: draft.id, version: 2 } });
    expect(published).toMatchObject({ status: 'published', version: 3 });
    expect(await publicly(draft.id)).toEqual(everywhere);
    expect(await found()).toContain(draft.id);

    // Now public, a contributor's draft save cannot change it; an editor can unpublish it.
    const late = await call('ConsoleSaveNewsDraft', {
      token: contributor.token,
      body: { ...article('Sneaky'), id: draft.id, version: 3 },
    });
    expect(late.body).toMatchObject({ code: 409, msg: expect.stringContaining('published') });
    expect(
      (await call('ConsoleUnpublishNews', { token: contributor.token, body: { id: draft.id, version: 3 } })).body.code,
    ).toBe(403);
    const back = await ok('ConsoleUnpublishNews', { token: editor.token, body: { id: draft.id, version: 3 } });
    expect(back).toMatchObject({ status: 'draft', version: 4 });
    expect(await publicly(draft.id)).toEqual(nowhere);

    // Every write is in the audit log with the article before and after.
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'news', entityId: String(draft.id) },
    });
    expect(audit.items.map((i) => [i.action, i.actorName])).toEqual([
      ['ConsoleUnpublishNews', 'Eddie Editor'],
      ['ConsolePublishNews', 'Eddie Editor'],
      ['ConsoleSaveNewsDraft', 'Connie Contributor'],
      ['ConsoleSaveNewsDraft', 'Connie Contributor'],
    ]);
    expect(audit.items[1]).toMatchObject({
      before: { status: 'draft', version: 2 },
      after: { status: 'published', version: 3 },
    });
  });

  it('schedules an article for later: not public before its time', async () => {
    const draft = await ok('ConsoleSaveNewsDraft', { token: editor.token, body: article('Later') });
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const s = await ok('ConsolePublishNews', { token: editor.token, body: { id: draft.id, version: 1, at } });
    expect(s).toMatchObject({ status: 'scheduled', version: 2 });
    expect(await publicly(draft.id)).toEqual(nowhere);
    const row = await ok('ConsoleNewsGet', { token: editor.token, body: { id: draft.id } });
    expect(row).toMatchObject({ status: 'scheduled', publishedAt: at });
  });

  it('names the field of bad input in the envelope', async () => {
    const noTitle = article('x');
    noTitle.texts.en.title = '  ';
    const r = await call('ConsoleSaveNewsDraft', { token: contributor.token, body: noTitle });
    expect(r.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^texts\.en\.title: is required/) });
    const badCat = await call('ConsoleSaveNewsDraft', {
      token: contributor.token,
      body: { ...article('y'), categoryId: 'nope' },
    });
    expect(badCat.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^categoryId: /) });
    const badAt = await call('ConsolePublishNews', { token: editor.token, body: { id: 1, version: 1, at: 'soon' } });
    expect(badAt.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^at: /) });
  });
});

describe('preview links', () => {
  it('give staff a link that opens a draft as the public page will show it, for a while; the public never sees it', async () => {
    const draft = await ok('ConsoleSaveNewsDraft', { token: contributor.token, body: article('Preview me') });
    const link = await ok('ConsoleNewsPreview', { token: contributor.token, body: { id: draft.id } });
    expect(readPreviewToken('news', link.token, new Date())).toBe(draft.id);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(PREVIEW_TTL_MS - 60_000);
    expect(readPreviewToken('news', link.token, new Date(Date.parse(link.expiresAt) + 1))).toBeNull();
    // What the preview page reads (app/[locale]/_content/preview.tsx), in both languages.
    const db = await getDb();
    expect((await getNews(db, draft.id, 'zh-CN', new Date(), { anyStatus: true }))?.title).toBe('Preview me（中文）');
    expect((await getNews(db, draft.id, 'en', new Date(), { anyStatus: true }))?.body).toBe('<p>Body</p>');
    // The public read, and every public place, still know nothing of it.
    expect(await getNews(db, draft.id, 'en')).toBeNull();
    expect(await publicly(draft.id)).toEqual(nowhere);
    const none = await call('ConsoleNewsPreview', { token: contributor.token, body: { id: 2_000_000_000 } });
    expect(none.body.code).toBe(404);
  });
});

describe('two staff, one article', () => {
  it('refuses a save naming an older version with a conflict, not a silent overwrite', async () => {
    const a = await ok('ConsoleSaveNewsDraft', { token: contributor.token, body: article('Shared') });
    await ok('ConsoleSaveNewsDraft', {
      token: editor.token,
      body: { ...article('Shared, by the editor'), id: a.id, version: 1 },
    });
    const stale = await call('ConsoleSaveNewsDraft', {
      token: contributor.token,
      body: { ...article('Shared, by the contributor'), id: a.id, version: 1 },
    });
    expect(stale.body).toMatchObject({ code: 409, msg: expect.stringContaining('version 2') });
    const kept = await ok('ConsoleNewsGet', { token: editor.token, body: { id: a.id } });
    expect(kept.texts.en.title).toBe('Shared, by the editor');
    // SaveNews checks the version too when it is given.
    const viaSite = await call('SaveNews', { token: editor.token, body: { ...article('Old'), id: a.id, version: 1 } });
    expect(viaSite.body.code).toBe(409);
  });

  it('lets exactly one of two concurrent saves of one version through', async () => {
    const a = await ok('ConsoleSaveNewsDraft', { token: contributor.token, body: article('Race') });
    const results = await Promise.all(
      ['first', 'second'].map((who) =>
        call('ConsoleSaveNewsDraft', {
          token: who === 'first' ? editor.token : contributor.token,
          body: { ...article(`Race ${who}`), id: a.id, version: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([1, 409]);
    const row = await ok('ConsoleNewsGet', { token: editor.token, body: { id: a.id } });
    expect(row.version).toBe(2);
  });
});

describe('versions', () => {
  it('lists each saved state newest first and restores one as the next version', async () => {
    const a = await ok('ConsoleSaveNewsDraft', { token: contributor.token, body: article('Version A') });
    await ok('ConsoleSaveNewsDraft', {
      token: contributor.token,
      body: { ...article('Version B', '<p>B</p>'), id: a.id, version: 1 },
    });
    const versions = await ok('ConsoleNewsVersions', { token: contributor.token, body: { id: a.id } });
    expect(versions.map((v) => [v.version, v.article.texts.en.title, v.actorName])).toEqual([
      [2, 'Version B', 'Connie Contributor'],
      [1, 'Version A', 'Connie Contributor'],
    ]);
    const first = versions[1]!;
    // Restoring changes the article, so it is an editor's call; a contributor gets 403.
    expect(
      (
        await call('ConsoleRestoreNews', {
          token: contributor.token,
          body: { id: a.id, version: 2, auditId: first.auditId },
        })
      ).body.code,
    ).toBe(403);
    const restored = await ok('ConsoleRestoreNews', {
      token: editor.token,
      body: { id: a.id, version: 2, auditId: first.auditId },
    });
    expect(restored).toMatchObject({ version: 3, status: 'draft' });
    const row = await ok('ConsoleNewsGet', { token: editor.token, body: { id: a.id } });
    expect(row.texts.en).toMatchObject({ title: 'Version A', body: '<p>Body</p>' });
    const after = await ok('ConsoleNewsVersions', { token: editor.token, body: { id: a.id } });
    expect(after[0]).toMatchObject({ version: 3, action: 'ConsoleRestoreNews', actorName: 'Eddie Editor' });
    // A version of another article is not this one's.
    const other = await call('ConsoleRestoreNews', {
      token: editor.token,
      body: { id: 1, version: 1, auditId: first.auditId },
    });
    expect(other.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^auditId: /) });
  });
});

describe('the publish job', () => {
  const publishRequest = (key?: string) =>
    publishRoute(
      new Request('http://localhost/api/jobs/publish-news', {
        method: 'POST',
        headers: key ? { authorization: `Job ${key}` } : {},
      }),
    );

  it('publishes a scheduled article when due, once, with its job run and audit record', async () => {
    const start = Date.now();
    const a = await ok('ConsoleSaveNewsDraft', { token: editor.token, body: article('On time') });
    const at = new Date(start + 60_000).toISOString();
    await ok('ConsolePublishNews', { token: editor.token, body: { id: a.id, version: 1, at } });
    const db = await getDb();
    const runs = async () =>
      (
        await db
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.job, 'publish'), eq(jobRuns.outcome, 'ok')))
      ).length;
    const runsBefore = await runs();

    // Before its time the job finds nothing; nobody without the key can run it.
    expect(await publishDue(db, new Date(start + 30_000))).toEqual({ news: [], docs: [] });
    expect((await publishRequest()).status).toBe(403);
    expect((await publishRequest('forged')).status).toBe(403);

    clock = fakeClock(start + 61_000);
    expect(await publicly(a.id)).toEqual(nowhere);
    // Two instances' timers at once: the article is published by one of them.
    const [r1, r2] = await Promise.all([publishRequest(publishJobKey()), publishRequest(publishJobKey())]);
    type Run = { data: { published: { news: number[] } } };
    const published = [
      ...((await r1.json()) as Run).data.published.news,
      ...((await r2.json()) as Run).data.published.news,
    ];
    expect(published).toEqual([a.id]);
    expect(await publicly(a.id)).toEqual(everywhere);
    // Three runs recorded: the early one that found nothing, and the two at once.
    expect(await runs()).toBe(runsBefore + 3);

    const audit = await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'news', entityId: String(a.id) } });
    expect(audit.items[0]).toMatchObject({
      action: 'job:publish',
      actorName: 'scheduler',
      before: { status: 'scheduled', version: 2 },
      after: { status: 'published', version: 3, publishedAt: at },
    });
  });
});
