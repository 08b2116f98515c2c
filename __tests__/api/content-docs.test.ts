// Documents calls (docs/api.md Docs; docs/content.md) and the full-text search over news and documents.
import { describe, expect, it } from '@jest/globals';
import type { DirNode } from '@/lib/api/schemas/content';
import { GET as serveFile } from '@/app/files/[...key]/route';
import { call, ok } from '../support/api-client';
import { seededContent } from '../support/content';

const ctx = seededContent();

const depth = (nodes: DirNode[]): number => (nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children))) : 0);
const allDocs = (nodes: DirNode[]): DirNode['documents'] =>
  nodes.flatMap((n) => [...n.documents, ...allDocs(n.children)]);

describe('GetWebKnowledgeList', () => {
  it('is the directory tree, three levels deep, holding at least 25 documents', async () => {
    const tree = await ok('GetWebKnowledgeList', { query: { lang: 'en' } });
    expect(depth(tree)).toBe(3);
    expect(allDocs(tree).length).toBeGreaterThanOrEqual(25);
    expect(tree.map((n) => n.name)).toContain('Product guides');
    const zh = await ok('GetWebKnowledgeList', { query: { lang: 'zh-CN' } });
    expect(zh.map((n) => n.name)).toContain('产品使用指南');
  });
});

describe('GetDirListToWeb', () => {
  it('answers the root for an empty Id, and a directory with breadcrumbs, sub-directories and documents', async () => {
    const root = await ok('GetDirListToWeb', { query: { Id: '' } });
    expect(root.dir).toBeNull();
    expect(root.children.length).toBeGreaterThanOrEqual(3);
    const guides = root.children.find((c) => c.name === 'Product guides')!;
    const level2 = await ok('GetDirListToWeb', { query: { Id: guides.id } });
    const ledger = level2.children.find((c) => c.name === 'Electronic Ledger')!;
    const level3 = await ok('GetDirListToWeb', { query: { Id: ledger.id } });
    const start = level3.children.find((c) => c.name === 'Getting started')!;
    const leaf = await ok('GetDirListToWeb', { query: { Id: start.id } });
    expect(leaf.breadcrumbs.map((b) => b.name)).toEqual(['Product guides', 'Electronic Ledger', 'Getting started']);
    expect(leaf.children).toEqual([]);
    expect(leaf.documents.map((d) => d.title)).toContain('Record your first batch');
    // A directory lists what is beneath it too.
    expect(level2.documents.length).toBeGreaterThan(leaf.documents.length);
  });

  it('answers 404 for an unknown directory and 400 for a bad Id', async () => {
    expect((await call('GetDirListToWeb', { query: { Id: 99999 } })).body.code).toBe(404);
    expect((await call('GetDirListToWeb', { query: { Id: 'x' as never } })).body.code).toBe(400);
  });
});

describe('GetDirListToWebByName (GET)', () => {
  it('finds a directory by its name in either language, ignoring case', async () => {
    const en = await ok('GetDirListToWebByName', { query: { DirName: 'price INDEXES', lang: 'en' } });
    const zh = await ok('GetDirListToWebByName', { query: { DirName: '价格指数', lang: 'en' } });
    expect(en.dir?.id).toBe(zh.dir?.id);
    expect(en.dir?.name).toBe('Price indexes');
    expect((await call('GetDirListToWebByName', { query: { DirName: 'No such folder' } })).body.code).toBe(404);
    expect((await call('GetDirListToWebByName', { query: { DirName: 'x' }, method: 'POST' })).body.code).toBe(400);
  });
});

describe('GetWebKnowledgeInfo', () => {
  it('returns the document with breadcrumbs and PDF attachments that download', async () => {
    const tree = await ok('GetWebKnowledgeList');
    const first = allDocs(tree)[0]!;
    const doc = await ok('GetWebKnowledgeInfo', { query: { Id: first.id, lang: 'en' } });
    expect(doc.breadcrumbs).toHaveLength(3);
    expect(doc.url).toBe(`/documents/${doc.id}/${doc.slug}`);
    expect(doc.attachments.length).toBeGreaterThan(0);
    const file = doc.attachments[0]!;
    expect(file).toMatchObject({ contentType: 'application/pdf', name: expect.stringMatching(/\.pdf$/) });
    const key = file.url.replace(/^\/files\//, '');
    const res = await serveFile(new Request(`http://localhost${file.url}`), {
      params: Promise.resolve({ key: key.split('/') }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // A public document: any cache may keep it, and it downloads rather than opening in the site's origin.
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file.name}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(file.bytes);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
  });

  it('answers 404 for an unknown document', async () => {
    expect((await call('GetWebKnowledgeInfo', { query: { Id: 99999 } })).body.code).toBe(404);
  });
});

describe('SearchContent', () => {
  it('finds a document by a word that is only in its body, and marks it', async () => {
    const doc = (await ok('SearchContent', { body: { q: 'fixed-base price index', kind: 'docs', lang: 'en' } }))
      .list[0]!;
    const info = await ok('GetWebKnowledgeInfo', { query: { Id: doc.id, lang: 'en' } });
    expect(`${info.title} ${info.summary}`).not.toMatch(/dominating/i);
    expect(info.content).toMatch(/dominating/);
    const r = await ok('SearchContent', { body: { q: 'dominating', kind: 'docs', lang: 'en' } });
    const hit = r.list.find((h) => h.id === doc.id);
    expect(hit).toBeDefined();
    expect(hit!.match.snippetHtml).toContain('<mark>dominating</mark>');
  });

  it('searches Chinese by character bigrams', async () => {
    // Every bigram of the query must be in the text, so words split apart do not match.
    expect((await ok('SearchContent', { body: { q: '导主', kind: 'docs', lang: 'zh-CN' } })).total).toBe(0);
    const r2 = await ok('SearchContent', { body: { q: '主导结果', kind: 'docs', lang: 'zh-CN' } });
    expect(r2.list.map((h) => h.title)).toContain('定基价格指数的计算方法');
    expect(r2.list[0]!.match.snippetHtml).toContain('<mark>主导结果</mark>');
    const one = await ok('SearchContent', { body: { q: '蒜', lang: 'zh-CN' } });
    expect(one.total).toBeGreaterThan(0);
  });

  it('ranks title matches above body matches, across news and documents', async () => {
    const r = await ok('SearchContent', { body: { q: 'ledger', lang: 'en', pageSize: 50 } });
    expect(new Set(r.list.map((h) => h.kind))).toEqual(new Set(['news', 'docs']));
    const ranks = r.list.map((h) => h.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(r.list[0]!.title.toLowerCase()).toContain('ledger');
  });

  it('needs a query', async () => {
    expect((await call('SearchContent', { body: { q: ' ' } })).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^q/),
    });
  });
});

describe('SaveKnowledge (staff)', () => {
  it('is refused to customers, and stores sanitised content for staff, searchable at once', async () => {
    const texts = {
      en: {
        title: 'Cold room checklist',
        summary: 'S',
        content: '<p>Check the thermometer daily.</p><script>x()</script>',
      },
      'zh-CN': { title: '冷库检查清单', summary: '摘要', content: '<p>每天检查温度计。</p>' },
    };
    const root = await ok('GetDirListToWeb');
    const dirId = root.children[0]!.id;
    expect((await call('SaveKnowledge', { token: ctx.customerToken, body: { dirId, texts } })).body.code).toBe(403);
    const { id } = await ok('SaveKnowledge', { token: ctx.staffToken, body: { dirId, texts } });
    const doc = await ok('GetWebKnowledgeInfo', { query: { Id: id, lang: 'en' } });
    expect(doc.content).toBe('<p>Check the thermometer daily.</p>');
    const found = await ok('SearchContent', { body: { q: 'thermometer', kind: 'docs' } });
    expect(found.list.map((h) => h.id)).toContain(id);
  });
});
