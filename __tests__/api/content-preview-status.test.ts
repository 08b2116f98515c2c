// Where an article or document stands for its console preview (docs/console.md "Preview"): a draft
// is not out, a scheduled one (or a published one dated ahead) goes out at its time, a published
// one is out.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { documents, news } from '@/lib/server/db/schema';
import { previewStatus } from '@/lib/server/services/content/preview-status';
import { newStaff } from '../support/accounts';
import { ok } from '../support/api-client';
import { seededContent } from '../support/content';

seededContent();
let editor: Awaited<ReturnType<typeof newStaff>>;
let dirId = 0;
beforeAll(async () => {
  editor = await newStaff(['editor'], 'Stella Status');
  dirId = (await ok('ConsoleCreateDocDir', { token: editor.token, body: { name: { en: 'Status', 'zh-CN': '状态' } } }))
    .id;
}, 60_000);

const draft = (title: string) =>
  ok('ConsoleSaveNewsDraft', {
    token: editor.token,
    body: {
      categoryId: 'company',
      texts: {
        en: { title, summary: '', body: '<p>x</p>' },
        'zh-CN': { title: `${title}（中文）`, summary: '', body: '<p>x</p>' },
      },
    },
  });

const draftDocument = (title: string) =>
  ok('ConsoleSaveDocumentDraft', {
    token: editor.token,
    body: {
      dirId,
      texts: {
        en: { title, summary: '', content: '<p>x</p>' },
        'zh-CN': { title: `${title}（中文）`, summary: '', content: '<p>x</p>' },
      },
    },
  });

const inAnHour = () => new Date(Date.now() + 3600_000);

describe('previewStatus', () => {
  it('names a draft, a scheduled article, a published one dated ahead, and a published one', async () => {
    const db = await getDb();
    const d = await draft('Status draft');
    expect(await previewStatus(db, 'news', d.id)).toBe('draft');

    const s = await draft('Status scheduled');
    await ok('ConsolePublishNews', {
      token: editor.token,
      body: { id: s.id, version: s.version, at: inAnHour().toISOString() },
    });
    expect(await previewStatus(db, 'news', s.id)).toBe('scheduled');

    const p = await draft('Status published');
    await ok('ConsolePublishNews', { token: editor.token, body: { id: p.id, version: p.version } });
    expect(await previewStatus(db, 'news', p.id)).toBe('published');
    await db.update(news).set({ publishedAt: inAnHour() }).where(eq(news.id, p.id));
    expect(await previewStatus(db, 'news', p.id)).toBe('scheduled');

    expect(await previewStatus(db, 'news', 987_654_321)).toBeNull();
  });

  it('names the same for documents, reading the document of that id and not the article', async () => {
    const db = await getDb();
    const d = await draftDocument('Status document draft');
    expect(await previewStatus(db, 'docs', d.id)).toBe('draft');

    const s = await draftDocument('Status document scheduled');
    await ok('ConsolePublishDocument', {
      token: editor.token,
      body: { id: s.id, version: s.version, at: inAnHour().toISOString() },
    });
    expect(await previewStatus(db, 'docs', s.id)).toBe('scheduled');

    const p = await draftDocument('Status document published');
    await ok('ConsolePublishDocument', { token: editor.token, body: { id: p.id, version: p.version } });
    expect(await previewStatus(db, 'docs', p.id)).toBe('published');
    await db.update(documents).set({ publishedAt: inAnHour() }).where(eq(documents.id, p.id));
    expect(await previewStatus(db, 'docs', p.id)).toBe('scheduled');

    expect(await previewStatus(db, 'docs', 987_654_321)).toBeNull();
  });
});
