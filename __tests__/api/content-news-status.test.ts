// Where an article stands for its console preview (docs/console.md "Preview"): a draft is not out,
// a scheduled article (or a published one dated ahead) goes out at its time, a published one is out.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { news } from '@/lib/server/db/schema';
import { newsStatus } from '@/lib/server/services/content/news-status';
import { newStaff } from '../support/accounts';
import { ok } from '../support/api-client';
import { seededContent } from '../support/content';

seededContent();
let editor: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  editor = await newStaff(['editor'], 'Stella Status');
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

describe('newsStatus', () => {
  it('names a draft, a scheduled article, a published one dated ahead, and a published one', async () => {
    const db = await getDb();
    const d = await draft('Status draft');
    expect(await newsStatus(db, d.id)).toBe('draft');

    const s = await draft('Status scheduled');
    const at = new Date(Date.now() + 3600_000).toISOString();
    await ok('ConsolePublishNews', { token: editor.token, body: { id: s.id, version: s.version, at } });
    expect(await newsStatus(db, s.id)).toBe('scheduled');

    const p = await draft('Status published');
    await ok('ConsolePublishNews', { token: editor.token, body: { id: p.id, version: p.version } });
    expect(await newsStatus(db, p.id)).toBe('published');
    await db
      .update(news)
      .set({ publishedAt: new Date(Date.now() + 3600_000) })
      .where(eq(news.id, p.id));
    expect(await newsStatus(db, p.id)).toBe('scheduled');

    expect(await newsStatus(db, 987_654_321)).toBeNull();
  });
});
