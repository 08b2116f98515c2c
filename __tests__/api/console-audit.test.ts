// The audit log (docs/console.md "Audit log"): every console write commits with its record (before
// and after), a failed write leaves neither, the log is searchable and pages, and nobody can edit it.
import { describe, expect, it } from '@jest/globals';
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { auditLog, news } from '@/lib/server/db/schema';
import { seedContent } from '@/lib/server/seed/content';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';

const texts = (title: string) => ({
  en: { title, summary: 'S', body: '<p>Body</p>' },
  'zh-CN': { title: `中文 ${title}`, summary: '摘要', body: '<p>正文</p>' },
});

describe('the audit log', () => {
  it('records each write with who, what, before and after, and lists them newest first to admins', async () => {
    await seedContent(await getDb());
    const editor = await newStaff(['editor'], 'Erin Editor');
    const admin = await newStaff(['admin'], 'Ada Admin');
    const { id } = await ok('SaveNews', {
      token: editor.token,
      body: { categoryId: 'company', texts: texts('First') },
    });
    await ok('SaveNews', { token: editor.token, body: { id, categoryId: 'market', texts: texts('Second') } });

    const page = await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'news', entityId: String(id) } });
    expect(page.items).toHaveLength(2);
    const [update, create] = page.items;
    expect(create).toMatchObject({
      action: 'SaveNews',
      actorName: 'Erin Editor',
      actorPhone: editor.phone,
      before: null,
    });
    expect(create!.after).toMatchObject({ id, categoryId: 'company', texts: { en: { title: 'First' } } });
    expect(update!.before).toMatchObject({ categoryId: 'company', texts: { en: { title: 'First' } } });
    expect(update!.after).toMatchObject({ categoryId: 'market', texts: { en: { title: 'Second' } } });
    expect(update!.id).toBeGreaterThan(create!.id);

    // Searchable in what changed, by actor and by action; paged by id.
    const found = await ok('ConsoleAuditLog', { token: admin.token, body: { q: '中文 Second' } });
    expect(found.items.map((i) => i.id)).toEqual([update!.id]);
    expect((await ok('ConsoleAuditLog', { token: admin.token, body: { actor: 'erin' } })).items).toHaveLength(2);
    const first = await ok('ConsoleAuditLog', { token: admin.token, body: { limit: 1 } });
    expect(first.next).toBe(update!.id);
    const next = await ok('ConsoleAuditLog', { token: admin.token, body: { limit: 1, before: first.next! } });
    expect(next.items[0]!.id).toBe(create!.id);
    expect(await ok('ConsoleAuditFacets', { token: admin.token })).toMatchObject({
      actions: ['SaveNews'],
      entities: ['news'],
    });
  });

  it('keeps neither the change nor a record when the write fails', async () => {
    const db = await getDb();
    const editor = await newStaff(['editor']);
    const [before] = await db.select({ n: count() }).from(auditLog);
    const r = await call('SaveNews', { token: editor.token, body: { categoryId: 'no-such', texts: texts('Lost') } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toMatch(/^categoryId: /);
    const [after] = await db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n);
  });

  it('deletes with the article as it was, and refuses any edit of the log itself', async () => {
    const db = await getDb();
    const editor = await newStaff(['editor']);
    const { id } = await ok('SaveNews', { token: editor.token, body: { categoryId: 'company', texts: texts('Gone') } });
    await ok('DeleteNews', { token: editor.token, body: { id } });
    expect(await db.select().from(news).where(eq(news.id, id))).toEqual([]);
    const [del] = await db.select().from(auditLog).where(eq(auditLog.action, 'DeleteNews'));
    expect(del).toMatchObject({ entityId: String(id), after: null });
    expect(JSON.stringify(del!.before)).toContain('Gone');

    // The database itself refuses (drizzle wraps its error: the reason is the cause).
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, del!.id)))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, del!.id)))).toMatch(/DELETE refused/);
    expect((await db.select().from(auditLog).where(eq(auditLog.id, del!.id)))[0]?.reason).toBeNull();
  });
});
