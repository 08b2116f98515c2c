// Documents in the console (docs/console.md "Documents"): contributors write drafts, editors
// publish, unpublish and schedule; only published documents are public; a save naming an old
// version is refused; versions come from the audit records and restore; directories and
// attachments are kept from the console, each write audited in its transaction.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq } from 'drizzle-orm';
import { POST as publishRoute } from '@/app/api/jobs/publish-news/route';
import { GET as sitemap } from '@/app/sitemap.xml/route';
import { getDb } from '@/lib/server/db/client';
import { jobRuns } from '@/lib/server/db/schema';
import type { DirNode } from '@/lib/api/schemas/content';
import { getDocument } from '@/lib/server/services/content/documents';
import { PREVIEW_TTL_MS, readPreviewToken } from '@/lib/server/services/content/preview-token';
import { publishDue, publishJobKey } from '@/lib/server/services/content/publish-job';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { fakeClock } from '../support/clock';
import { seededContent } from '../support/content';
import { fetchFile, pdf, send } from '../support/uploads';

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

seededContent();
let editor: Awaited<ReturnType<typeof newStaff>>;
let contributor: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
let dirId = 0;
beforeAll(async () => {
  editor = await newStaff(['editor'], 'Eddie Editor');
  contributor = await newStaff(['contributor'], 'Connie Contributor');
  admin = await newStaff(['admin'], 'Ada Admin');
  dirId = (
    await ok('ConsoleCreateDocDir', {
      token: editor.token,
      body: { name: { en: 'Console tests', 'zh-CN': '控制台测试' } },
    })
  ).id;
}, 60_000);

const doc = (title: string, content = '<p>Body</p>', dir = dirId) => ({
  dirId: dir,
  texts: {
    en: { title, summary: `${title} summary`, content },
    'zh-CN': { title: `${title}（中文）`, summary: '摘要', content: '<p>正文</p>' },
  },
});

/** Whether a document shows anywhere the public looks: its page, its directory, the tree, search and the sitemap. */
async function publicly(id: number, dir = dirId) {
  const page = (await call('GetWebKnowledgeInfo', { query: { Id: id, lang: 'en' } })).body.code === 1;
  const listing = (await ok('GetDirListToWeb', { query: { Id: dir, lang: 'en' } })).documents.some((d) => d.id === id);
  const tree = docsIn(await ok('GetWebKnowledgeList', { query: { lang: 'en' } })).includes(id);
  const map = (await (await sitemap()).text()).includes(`/documents/${id}/`);
  return { page, listing, tree, map };
}
const docsIn = (nodes: DirNode[]): number[] =>
  nodes.flatMap((n) => [...n.documents.map((d) => d.id), ...docsIn(n.children)]);
const nowhere = { page: false, listing: false, tree: false, map: false };
const everywhere = { page: true, listing: true, tree: true, map: true };
const searchHits = async (q: string) =>
  (await ok('SearchContent', { body: { q, kind: 'docs', lang: 'en' } })).list.map((h) => h.id);

describe('drafts and publishing', () => {
  it('keeps a contributor’s draft private, refuses them publishing it (403), and an editor publishes it', async () => {
    const draft = await ok('ConsoleSaveDocumentDraft', { token: contributor.token, body: doc('Quarzite draft') });
    expect(draft).toMatchObject({ status: 'draft', version: 1 });
    expect(await publicly(draft.id)).toEqual(nowhere);
    expect(await searchHits('Quarzite')).not.toContain(draft.id);

    const list = await ok('ConsoleDocumentList', {
      token: contributor.token,
      body: { status: 'draft', q: 'Quarzite' },
    });
    expect(list.items.map((i) => [i.id, i.status, i.dirId, i.title.en, i.title['zh-CN']])).toEqual([
      [draft.id, 'draft', dirId, 'Quarzite draft', 'Quarzite draft（中文）'],
    ]);

    const edited = await ok('ConsoleSaveDocumentDraft', {
      token: contributor.token,
      body: { ...doc('Quarzite draft', '<p onclick="x()">Edited</p><script>bad()</script>'), id: draft.id, version: 1 },
    });
    expect(edited).toMatchObject({ id: draft.id, version: 2, status: 'draft' });
    const opened = await ok('ConsoleDocumentGet', { token: contributor.token, body: { id: draft.id } });
    expect(opened.texts.en.content).toBe('<p>Edited</p>');

    const refused = await call('ConsolePublishDocument', {
      token: contributor.token,
      body: { id: draft.id, version: 2 },
    });
    expect(refused.body.code).toBe(403);
    expect(await publicly(draft.id)).toEqual(nowhere);

    const published = await ok('ConsolePublishDocument', { token: editor.token, body: { id: draft.id, version: 2 } });
    expect(published).toMatchObject({ status: 'published', version: 3 });
    expect(await publicly(draft.id)).toEqual(everywhere);
    expect(await searchHits('Quarzite')).toContain(draft.id);

    // Now public: a contributor's draft save cannot change it; an editor unpublishes it.
    const late = await call('ConsoleSaveDocumentDraft', {
      token: contributor.token,
      body: { ...doc('Sneaky'), id: draft.id, version: 3 },
    });
    expect(late.body).toMatchObject({ code: 409, msg: expect.stringContaining('published') });
    expect(
      (await call('ConsoleUnpublishDocument', { token: contributor.token, body: { id: draft.id, version: 3 } })).body
        .code,
    ).toBe(403);
    const back = await ok('ConsoleUnpublishDocument', { token: editor.token, body: { id: draft.id, version: 3 } });
    expect(back).toMatchObject({ status: 'draft', version: 4 });
    expect(await publicly(draft.id)).toEqual(nowhere);

    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'document', entityId: String(draft.id) },
    });
    expect(audit.items.map((i) => [i.action, i.actorName])).toEqual([
      ['ConsoleUnpublishDocument', 'Eddie Editor'],
      ['ConsolePublishDocument', 'Eddie Editor'],
      ['ConsoleSaveDocumentDraft', 'Connie Contributor'],
      ['ConsoleSaveDocumentDraft', 'Connie Contributor'],
    ]);
    expect(audit.items[1]).toMatchObject({
      before: { status: 'draft', version: 2 },
      after: { status: 'published', version: 3 },
    });
  });

  it('lists by directory including the directories beneath it', async () => {
    const sub = await ok('ConsoleCreateDocDir', {
      token: editor.token,
      body: { parentId: dirId, name: { en: 'Sub', 'zh-CN': '子目录' } },
    });
    const a = await ok('ConsoleSaveDocumentDraft', { token: editor.token, body: doc('Nested one', '<p/>', sub.id) });
    const inParent = await ok('ConsoleDocumentList', { token: editor.token, body: { dirId, pageSize: 100 } });
    expect(inParent.items.map((i) => i.id)).toContain(a.id);
    const inSub = await ok('ConsoleDocumentList', { token: editor.token, body: { dirId: sub.id } });
    expect(inSub.items.map((i) => i.id)).toEqual([a.id]);
    const tree = await ok('ConsoleDocDirs', { token: contributor.token });
    const mine = tree.find((d) => d.id === dirId)!;
    expect(mine.name).toEqual({ en: 'Console tests', 'zh-CN': '控制台测试' });
    expect(mine.children.map((c) => [c.name.en, c.documentCount])).toEqual([['Sub', 1]]);
  });

  it('names the field of bad input in the envelope', async () => {
    const noTitle = doc('x');
    noTitle.texts.en.title = '  ';
    const r = await call('ConsoleSaveDocumentDraft', { token: contributor.token, body: noTitle });
    expect(r.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^texts\.en\.title: is required/) });
    const badDir = await call('ConsoleSaveDocumentDraft', {
      token: contributor.token,
      body: doc('y', '<p/>', 2_000_000),
    });
    expect(badDir.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^dirId: /) });
    const badAt = await call('ConsolePublishDocument', {
      token: editor.token,
      body: { id: 1, version: 1, at: 'soon' },
    });
    expect(badAt.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^at: /) });
    const noName = await call('ConsoleCreateDocDir', {
      token: editor.token,
      body: { name: { en: 'x', 'zh-CN': ' ' } },
    });
    expect(noName.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^name\.zh-CN: is required/) });
  });
});

describe('two staff, one document', () => {
  it('lets exactly one of two concurrent saves of one version through; the other gets a conflict', async () => {
    const a = await ok('ConsoleSaveDocumentDraft', { token: contributor.token, body: doc('Race') });
    const results = await Promise.all(
      ['first', 'second'].map((who) =>
        call('ConsoleSaveDocumentDraft', {
          token: who === 'first' ? editor.token : contributor.token,
          body: { ...doc(`Race ${who}`), id: a.id, version: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([1, 409]);
    expect(results.find((r) => r.body.code === 409)!.body.msg).toContain('version 2');
    const row = await ok('ConsoleDocumentGet', { token: editor.token, body: { id: a.id } });
    expect(row.version).toBe(2);
    // SaveKnowledge checks the version too when it is given.
    const viaSite = await call('SaveKnowledge', { token: editor.token, body: { ...doc('Old'), id: a.id, version: 1 } });
    expect(viaSite.body.code).toBe(409);
  });
});

describe('preview links', () => {
  it('give staff a link that opens a draft as its page will show it, for a while; the public never sees it', async () => {
    const draft = await ok('ConsoleSaveDocumentDraft', { token: contributor.token, body: doc('Preview document') });
    const link = await ok('ConsoleDocumentPreview', { token: contributor.token, body: { id: draft.id } });
    expect(readPreviewToken('docs', link.token, new Date())).toBe(draft.id);
    // Signed for a document: the same id as an article's link opens nothing.
    expect(readPreviewToken('news', link.token, new Date())).toBeNull();
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(PREVIEW_TTL_MS - 60_000);
    expect(readPreviewToken('docs', link.token, new Date(Date.parse(link.expiresAt) + 1))).toBeNull();
    // What the preview page reads (app/[locale]/_content/preview.tsx), in both languages.
    const db = await getDb();
    const zh = await getDocument(db, draft.id, 'zh-CN', new Date(), { anyStatus: true });
    expect(zh?.title).toBe('Preview document（中文）');
    expect((await getDocument(db, draft.id, 'en', new Date(), { anyStatus: true }))?.content).toBe('<p>Body</p>');
    // The public read, and every public place, still know nothing of it.
    expect(await getDocument(db, draft.id, 'en')).toBeNull();
    expect(await publicly(draft.id)).toEqual(nowhere);
    const none = await call('ConsoleDocumentPreview', { token: contributor.token, body: { id: 2_000_000_000 } });
    expect(none.body.code).toBe(404);
  });

  it('are for staff who write documents only', async () => {
    const draft = await ok('ConsoleSaveDocumentDraft', { token: editor.token, body: doc('Preview for staff') });
    const data = await newStaff(['data'], 'Dana Data');
    const refused = await call('ConsoleDocumentPreview', { token: data.token, body: { id: draft.id } });
    expect(refused.body.code).toBe(403);
    const anonymous = await call('ConsoleDocumentPreview', { body: { id: draft.id } });
    expect(anonymous.body.code).toBe(401);
  });
});

describe('versions', () => {
  it('lists each saved state newest first and restores one as the next version', async () => {
    const a = await ok('ConsoleSaveDocumentDraft', { token: contributor.token, body: doc('Version A') });
    await ok('ConsoleSaveDocumentDraft', {
      token: contributor.token,
      body: { ...doc('Version B', '<p>B</p>'), id: a.id, version: 1 },
    });
    const versions = await ok('ConsoleDocumentVersions', { token: contributor.token, body: { id: a.id } });
    expect(versions.map((v) => [v.version, v.document.texts.en.title, v.actorName])).toEqual([
      [2, 'Version B', 'Connie Contributor'],
      [1, 'Version A', 'Connie Contributor'],
    ]);
    const first = versions[1]!;
    const body = { id: a.id, version: 2, auditId: first.auditId };
    expect((await call('ConsoleRestoreDocument', { token: contributor.token, body })).body.code).toBe(403);
    expect(await ok('ConsoleRestoreDocument', { token: editor.token, body })).toMatchObject({
      version: 3,
      status: 'draft',
    });
    const row = await ok('ConsoleDocumentGet', { token: editor.token, body: { id: a.id } });
    expect(row.texts.en).toMatchObject({ title: 'Version A', content: '<p>Body</p>' });
    const after = await ok('ConsoleDocumentVersions', { token: editor.token, body: { id: a.id } });
    expect(after[0]).toMatchObject({ version: 3, action: 'ConsoleRestoreDocument', actorName: 'Eddie Editor' });
    const other = await call('ConsoleRestoreDocument', {
      token: editor.token,
      body: { id: 1, version: 1, auditId: first.auditId },
    });
    expect(other.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^auditId: /) });
  });
});

describe('attachments', () => {
  it('attaches an uploaded PDF (public once published), orders and removes attachments, all version-checked', async () => {
    const a = await ok('ConsoleSaveDocumentDraft', { token: contributor.token, body: doc('With files') });
    const grant = await ok('UpLoadFileAuths', { token: contributor.token, query: { purpose: 'general' } });
    const up1 = await send(contributor.token, grant.grant, pdf(), 'guide.pdf', 'application/pdf');
    const up2 = await send(contributor.token, grant.grant, pdf(), 'annex.pdf', 'application/pdf');
    expect([up1.body.code, up2.body.code]).toEqual([1, 1]);
    // Someone else's upload is not theirs to attach.
    const notMine = await call('ConsoleAddDocumentAttachment', {
      token: editor.token,
      body: { id: a.id, version: 1, key: up1.body.data!.key, name: 'x.pdf' },
    });
    expect(notMine.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^key: /) });

    const v2 = await ok('ConsoleAddDocumentAttachment', {
      token: contributor.token,
      body: { id: a.id, version: 1, key: up1.body.data!.key, name: '价格指南.PDF' },
    });
    const v3 = await ok('ConsoleAddDocumentAttachment', {
      token: contributor.token,
      body: { id: a.id, version: v2.version, key: up2.body.data!.key, name: 'annex.pdf' },
    });
    expect(v3.version).toBe(3);
    let got = await ok('ConsoleDocumentGet', { token: contributor.token, body: { id: a.id } });
    expect(got.attachments.map((f) => f.name)).toEqual(['价格指南.pdf', 'annex.pdf']);
    const [first, second] = got.attachments;

    const stale = await call('ConsoleOrderDocumentAttachments', {
      token: contributor.token,
      body: { id: a.id, version: 2, order: [second!.id, first!.id] },
    });
    expect(stale.body.code).toBe(409);
    const partial = await call('ConsoleOrderDocumentAttachments', {
      token: contributor.token,
      body: { id: a.id, version: 3, order: [second!.id] },
    });
    expect(partial.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^order: /) });
    await ok('ConsoleOrderDocumentAttachments', {
      token: contributor.token,
      body: { id: a.id, version: 3, order: [second!.id, first!.id] },
    });
    await ok('ConsolePublishDocument', { token: editor.token, body: { id: a.id, version: 4 } });

    const info = await ok('GetWebKnowledgeInfo', { query: { Id: a.id, lang: 'en' } });
    expect(info.attachments.map((f) => f.name)).toEqual(['annex.pdf', '价格指南.pdf']);
    const file = await fetchFile(info.attachments[1]!.url);
    expect(file.res.status).toBe(200);
    expect(file.res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Published: only an editor changes its attachments; the removed file is gone from storage.
    const contributorRemove = await call('ConsoleRemoveDocumentAttachment', {
      token: contributor.token,
      body: { id: a.id, version: 5, attachmentId: first!.id },
    });
    expect(contributorRemove.body.code).toBe(409);
    await ok('ConsoleRemoveDocumentAttachment', {
      token: editor.token,
      body: { id: a.id, version: 5, attachmentId: first!.id },
    });
    got = await ok('ConsoleDocumentGet', { token: editor.token, body: { id: a.id } });
    expect(got.attachments.map((f) => f.name)).toEqual(['annex.pdf']);
    expect((await fetchFile(info.attachments[1]!.url)).res.status).toBe(404);
  });
});

describe('directories', () => {
  it('renames, moves (never under itself) and deletes only an empty directory', async () => {
    const top = await ok('ConsoleCreateDocDir', {
      token: editor.token,
      body: { name: { en: 'Top', 'zh-CN': '顶层' } },
    });
    const child = await ok('ConsoleCreateDocDir', {
      token: editor.token,
      body: { parentId: top.id, name: { en: 'Child', 'zh-CN': '子' } },
    });
    expect(
      (await call('ConsoleCreateDocDir', { token: contributor.token, body: { name: { en: 'N', 'zh-CN': '否' } } })).body
        .code,
    ).toBe(403);
    await ok('ConsoleRenameDocDir', {
      token: editor.token,
      body: { id: top.id, name: { en: 'Top two', 'zh-CN': '顶层二' } },
    });
    const listing = await ok('GetDirListToWeb', { query: { Id: top.id, lang: 'zh-CN' } });
    expect(listing.dir?.name).toBe('顶层二');

    const loop = await call('ConsoleMoveDocDir', { token: editor.token, body: { id: top.id, parentId: child.id } });
    expect(loop.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^parentId: /) });
    await ok('ConsoleMoveDocDir', { token: editor.token, body: { id: child.id, parentId: dirId } });
    expect((await ok('GetDirListToWeb', { query: { Id: child.id, lang: 'en' } })).breadcrumbs.map((b) => b.id)).toEqual(
      [dirId, child.id],
    );

    // A directory holding a document, even a draft, is not deleted.
    const d = await ok('ConsoleSaveDocumentDraft', { token: editor.token, body: doc('Keeps it', '<p/>', child.id) });
    const full = await call('ConsoleDeleteDocDir', { token: editor.token, body: { id: child.id } });
    expect(full.body).toMatchObject({ code: 409, msg: expect.stringContaining('1 document(s) and 0 directory') });
    const parent = await call('ConsoleDeleteDocDir', { token: editor.token, body: { id: dirId } });
    expect(parent.body.code).toBe(409);
    await ok('ConsoleSaveDocumentDraft', {
      token: editor.token,
      body: { ...doc('Keeps it', '<p/>', top.id), id: d.id, version: 1 },
    });
    await ok('ConsoleDeleteDocDir', { token: editor.token, body: { id: child.id } });
    expect((await call('GetDirListToWeb', { query: { Id: child.id } })).body.code).toBe(404);
    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'doc_dir', entityId: String(child.id) },
    });
    expect(audit.items.map((i) => i.action)).toEqual([
      'ConsoleDeleteDocDir',
      'ConsoleMoveDocDir',
      'ConsoleCreateDocDir',
    ]);
    expect(audit.items[0]).toMatchObject({ before: { name: { en: 'Child' } }, after: null });
  });
});

describe('the publish job', () => {
  const publishRequest = () =>
    publishRoute(
      new Request('http://localhost/api/jobs/publish-news', {
        method: 'POST',
        headers: { authorization: `Job ${publishJobKey()}` },
      }),
    );

  it('publishes a scheduled document when due, once, with its job run and audit record', async () => {
    const start = Date.now();
    const a = await ok('ConsoleSaveDocumentDraft', { token: editor.token, body: doc('On time') });
    const at = new Date(start + 60_000).toISOString();
    expect(
      await ok('ConsolePublishDocument', { token: editor.token, body: { id: a.id, version: 1, at } }),
    ).toMatchObject({ status: 'scheduled', version: 2 });
    const db = await getDb();
    const runs = async () =>
      (
        await db
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.job, 'publish'), eq(jobRuns.outcome, 'ok')))
      ).length;
    const runsBefore = await runs();
    expect((await publishDue(db, new Date(start + 30_000))).docs).toEqual([]);
    expect(await publicly(a.id)).toEqual(nowhere);

    clock = fakeClock(start + 61_000);
    expect(await publicly(a.id)).toEqual(nowhere);
    const [r1, r2] = await Promise.all([publishRequest(), publishRequest()]);
    type Run = { data: { published: { docs: number[] } } };
    const published = [
      ...((await r1.json()) as Run).data.published.docs,
      ...((await r2.json()) as Run).data.published.docs,
    ];
    expect(published).toEqual([a.id]);
    expect(await publicly(a.id)).toEqual(everywhere);
    expect(await runs()).toBe(runsBefore + 3);

    const audit = await ok('ConsoleAuditLog', {
      token: admin.token,
      body: { entity: 'document', entityId: String(a.id) },
    });
    expect(audit.items[0]).toMatchObject({
      action: 'job:publish',
      actorName: 'scheduler',
      before: { status: 'scheduled', version: 2 },
      after: { status: 'published', version: 3, publishedAt: at },
    });
  });
});
