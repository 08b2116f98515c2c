// The console's feedback inbox (docs/console.md "Feedback"): filters, assign, internal notes,
// reply (the site's one reply service) and resolve, each write with its audit record; the
// customer is told of a reply in the portal's notifications and by SMS when they asked for it.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { feedbacks } from '@/lib/server/db/schema';
import { newStaff, newUser, outbox } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { feedbackBody, feedbackWorld, fileFeedback } from '../support/feedback';

let w: Awaited<ReturnType<typeof feedbackWorld>>;
let support: Awaited<ReturnType<typeof newStaff>>;
let other: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  w = await feedbackWorld();
  support = await newStaff(['support'], 'Sue Support');
  other = await newStaff(['support'], 'Otto Support');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

const unread = async (token: string) => (await ok('QueryUnreadNotifications', { token })).unread;
const auditOf = (entityId: string, entity = 'feedback') =>
  ok('ConsoleAuditLog', { token: admin.token, body: { entity, entityId } });

describe('the inbox', () => {
  it('lists every customer’s feedback with its submitter, filtered by platform, type, state, age, assignee and text', async () => {
    const tag = `inbox-${Date.now()}`;
    const a = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { title: `${tag} chart` }));
    const b = await fileFeedback(
      w.bob.token,
      feedbackBody(w.typeId('enforceSystem', 'suggestion'), {
        plaformKey: 'enforceSystem',
        regionCode: undefined,
        title: `${tag} evidence upload`,
      }),
    );
    // Bob's has waited ten days.
    const db = await getDb();
    await db
      .update(feedbacks)
      .set({ updatedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(feedbacks.id, b.id));

    const all = await ok('ConsoleFeedbackInbox', { token: support.token, body: { q: tag } });
    expect(all.total).toBe(2);
    expect(all.counts).toEqual({ pending: 2, replied: 0, resolved: 0 });
    // The oldest waiting first.
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.items[1]).toMatchObject({
      title: `${tag} chart`,
      state: 'pending',
      submitter: { nickname: 'Alice Grower', phone: w.alice.phone },
      assignee: null,
      platform: { nameEn: 'Smart Farming' },
    });

    const ids = async (body: Record<string, unknown>) =>
      (await ok('ConsoleFeedbackInbox', { token: support.token, body: { q: tag, ...body } })).items.map((i) => i.id);
    expect(await ids({ platformKey: 'enforceSystem' })).toEqual([b.id]);
    expect(await ids({ typeId: w.typeId('farming') })).toEqual([a.id]);
    expect(await ids({ age: 'day' })).toEqual([a.id]);
    expect(await ids({ age: 'older' })).toEqual([b.id]);
    expect(await ids({ age: 'week' })).toEqual([]);
    expect(await ids({ state: 'replied' })).toEqual([]);
    expect(await ids({ assignee: 'none' })).toEqual([b.id, a.id]);
    expect(await ids({ assignee: 'me' })).toEqual([]);
    // The text search finds the submitter by phone too.
    expect(
      (await ok('ConsoleFeedbackInbox', { token: support.token, body: { q: w.bob.phone } })).items.map((i) => i.id),
    ).toContain(b.id);
  });

  it('names the field of bad filters, and offers platforms, types and the support members to assign', async () => {
    expect(
      (await call('ConsoleFeedbackInbox', { token: support.token, body: { age: 'year' as never } })).body,
    ).toMatchObject({ code: 400, msg: expect.stringMatching(/^age: /) });
    expect((await call('ConsoleFeedbackInbox', { token: support.token, body: { typeId: 'x' } })).body).toMatchObject({
      code: 400,
      msg: 'typeId: is not an id',
    });
    const facets = await ok('ConsoleFeedbackFacets', { token: support.token });
    expect(facets.platforms.map((p) => p.key)).toContain('farming');
    expect(facets.types.length).toBeGreaterThan(3);
    const names = facets.staff.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Sue Support', 'Otto Support', 'Ada Admin']));
    expect(names).not.toContain('Alice Grower');
  });

  it('refuses customers and staff without the support role (403)', async () => {
    const customer = await newUser('customer');
    const editor = await newStaff(['editor']);
    for (const token of [customer.token, editor.token, w.alice.token])
      expect((await call('ConsoleFeedbackInbox', { token, body: {} })).body.code).toBe(403);
    expect(
      (
        await call('ConsoleFeedbackReply', {
          token: editor.token,
          body: { feedbackId: crypto.randomUUID(), content: 'x' },
        })
      ).body.code,
    ).toBe(403);
  });
});

describe('answering a feedback', () => {
  it('assigns it (audited; the same assignment again records nothing), and refuses a customer as assignee', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming')));
    const d = await ok('ConsoleFeedbackAssign', {
      token: support.token,
      body: { feedbackId: f.id, assigneeId: other.id },
    });
    expect(d.item.assignee).toEqual({ id: other.id, name: 'Otto Support' });
    expect(
      (await ok('ConsoleFeedbackInbox', { token: other.token, body: { assignee: 'me' } })).items.map((i) => i.id),
    ).toContain(f.id);
    await ok('ConsoleFeedbackAssign', { token: support.token, body: { feedbackId: f.id, assigneeId: other.id } });
    const audit = await auditOf(f.id);
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: 'ConsoleFeedbackAssign',
      actorName: 'Sue Support',
      before: { assigneeId: null },
      after: { assigneeId: other.id },
    });

    const alice = await ok('GetCurrentUser', { token: w.alice.token });
    expect(
      (await call('ConsoleFeedbackAssign', { token: support.token, body: { feedbackId: f.id, assigneeId: alice.id } }))
        .body,
    ).toMatchObject({ code: 400, msg: expect.stringMatching(/^assigneeId: is not a support member/) });
    expect(
      (await ok('ConsoleFeedbackAssign', { token: support.token, body: { feedbackId: f.id, assigneeId: null } })).item
        .assignee,
    ).toBeNull();
  });

  it('keeps internal notes from the customer', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming')));
    const note = await ok('ConsoleFeedbackNote', {
      token: support.token,
      body: { feedbackId: f.id, content: 'Known chart bug, see ticket 42' },
    });
    expect(note).toMatchObject({ authorName: 'Sue Support', content: 'Known chart bug, see ticket 42' });
    const d = await ok('ConsoleFeedbackDetail', { token: other.token, body: { feedbackId: f.id } });
    expect(d.notes.map((n) => n.content)).toEqual(['Known chart bug, see ticket 42']);
    expect(d.content).toBe(f.content);
    // The customer's thread holds no note.
    expect(await ok('QueryFeedbackReplayList', { token: w.alice.token, query: { feedbackId: f.id } })).toEqual([]);
    expect((await auditOf(note.id, 'feedback_note')).items[0]).toMatchObject({ action: 'ConsoleFeedbackNote' });
    expect(
      (await call('ConsoleFeedbackNote', { token: support.token, body: { feedbackId: f.id, content: '  ' } })).body,
    ).toMatchObject({ code: 400, msg: 'content: is required' });
  });

  it('replies through the one reply service: the customer sees it in the thread and the bell, and gets a text when they asked', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { notifySms: true }));
    expect(f.notifySms).toBe(true);
    const before = await unread(w.alice.token);
    const texts = (await outbox(f.contactPhone)).body.data?.length ?? 0;

    const d = await ok('ConsoleFeedbackReply', {
      token: support.token,
      body: { feedbackId: f.id, content: 'Fixed this morning; please reload the page.' },
    });
    expect(d.item.state).toBe('replied');
    expect(d.replies).toMatchObject([{ content: 'Fixed this morning; please reload the page.', fromStaff: true }]);

    // The customer's own calls: the thread, the state, the bell and the notification.
    const thread = await ok('QueryFeedbackReplayList', { token: w.alice.token, query: { feedbackId: f.id } });
    expect(thread).toMatchObject([{ fromStaff: true, authorName: 'Sue Support', mine: false }]);
    expect((await ok('QueryFeedbackById', { token: w.alice.token, query: { feedbackId: f.id } })).status).toBe(
      'replied',
    );
    expect(await unread(w.alice.token)).toBe(before + 1);
    const list = await ok('QueryNotifications', {
      token: w.alice.token,
      body: { size: 5, unreadOnly: true, lang: 'en' },
    });
    expect(list.items[0]).toMatchObject({ kind: 'feedbackReply', feedback: { id: f.id, title: f.title }, read: false });

    // The text, through the SMS adapter (the outbox), to the contact phone, in Chinese by default.
    const sms = (await outbox(f.contactPhone)).body.data ?? [];
    expect(sms.length).toBe(texts + 1);
    expect(sms[0]).toMatchObject({ purpose: 'feedback', code: null });
    expect(sms[0]!.text).toContain('客服回复了您的反馈');
    expect(sms[0]!.text).toContain(`/feedback/${f.id}`);

    // The audit record: the state before and after, and the reply.
    const audit = await auditOf(f.id);
    expect(audit.items[0]).toMatchObject({
      action: 'ConsoleFeedbackReply',
      before: { status: 'pending', replyCount: 0 },
      after: { status: 'replied', replyCount: 1, reply: { content: 'Fixed this morning; please reload the page.' } },
    });
  });

  it('texts nobody who did not ask, and tells the customer of a staff reply made on the site too', async () => {
    const f = await fileFeedback(
      w.bob.token,
      feedbackBody(w.typeId('farming'), { regionCode: undefined, contactPhone: '13911112222' }),
    );
    const before = await unread(w.bob.token);
    await ok('ConsoleFeedbackReply', { token: support.token, body: { feedbackId: f.id, content: 'Looking into it.' } });
    expect((await outbox('13911112222')).body.data ?? []).toEqual([]);
    expect(await unread(w.bob.token)).toBe(before + 1);
    // The site's inbox (AddFeedbackReplay by staff) is the same service: the same notice.
    await ok('AddFeedbackReplay', { token: w.staff.token, body: { feedbackId: f.id, content: 'Found it.' } });
    expect(await unread(w.bob.token)).toBe(before + 2);
    // The customer's own answer notifies nobody.
    await ok('AddFeedbackReplay', { token: w.bob.token, body: { feedbackId: f.id, content: 'Thanks' } });
    expect(await unread(w.bob.token)).toBe(before + 2);
  });

  it('replies and resolves at once; a resolved feedback takes no reply, and nothing of the refused one is written', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { notifySms: true }));
    const d = await ok('ConsoleFeedbackReply', {
      token: support.token,
      body: { feedbackId: f.id, content: 'Done.', resolve: true },
    });
    expect(d.item.state).toBe('resolved');
    const notices = await unread(w.alice.token);
    const texts = (await outbox(f.contactPhone)).body.data?.length ?? 0;
    const r = await call('ConsoleFeedbackReply', {
      token: support.token,
      body: { feedbackId: f.id, content: 'More.' },
    });
    expect(r.body).toMatchObject({ code: 409 });
    expect(await unread(w.alice.token)).toBe(notices);
    expect((await outbox(f.contactPhone)).body.data?.length ?? 0).toBe(texts);
    expect((await auditOf(f.id)).items.map((i) => i.action)).toEqual(['ConsoleFeedbackReply']);
  });

  it('resolves (audited once: resolving again changes nothing), and answers 404 for an unknown feedback', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming')));
    expect((await ok('ConsoleFeedbackResolve', { token: support.token, body: { feedbackId: f.id } })).item.state).toBe(
      'resolved',
    );
    await ok('ConsoleFeedbackResolve', { token: support.token, body: { feedbackId: f.id } });
    const audit = await auditOf(f.id);
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'resolved' } });
    expect(
      (await call('ConsoleFeedbackResolve', { token: support.token, body: { feedbackId: crypto.randomUUID() } })).body,
    ).toMatchObject({ code: 404 });
    expect(
      (await call('ConsoleFeedbackDetail', { token: support.token, body: { feedbackId: 'nope' } })).body,
    ).toMatchObject({ code: 400, msg: 'feedbackId: is not an id' });
  });
});
