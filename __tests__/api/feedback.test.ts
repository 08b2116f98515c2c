// Feedback (docs/feedback.md, docs/api.md Feedback): platforms, types, regions, filing with
// images, the thread between the author and staff, states, and who reaches what.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { FEEDBACK_PER_HOUR } from '@/lib/server/services/feedback/feedback';
import { REPLIES_PER_HOUR } from '@/lib/server/services/feedback/replies';
import { call, ok } from '../support/api-client';
import { registerUser } from '../support/accounts';
import { addFeedback, feedbackBody, feedbackWorld, fileFeedback, uploadImages, type Detail } from '../support/feedback';
import { fetchFile, png, send, withTempFilesDir } from '../support/uploads';

withTempFilesDir('feedback-');
let w: Awaited<ReturnType<typeof feedbackWorld>>;
beforeAll(async () => {
  w = await feedbackWorld();
}, 60_000);

const NOT_FOUND = { code: 404, msg: 'feedback not found' };

describe('platforms, types and regions', () => {
  it('lists the four platforms in order, then market data and the portal, to anyone', async () => {
    const list = await ok('QueryPlatformDataList');
    expect(list.map((p) => p.plaformKey)).toEqual([
      'farming',
      'electronicLedger',
      'distributionSystem',
      'enforceSystem',
      'marketData',
      'portal',
    ]);
    expect(list.at(-1)).toEqual({ plaformKey: 'portal', nameZh: '门户网站', nameEn: 'This portal', productPath: '/' });
    expect(list[0]).toEqual({
      plaformKey: 'farming',
      nameZh: '智慧农业',
      nameEn: 'Smart Farming',
      productPath: '/product/farming',
    });
  });

  it('lists the feedback types of one platform, and refuses an unknown platform', async () => {
    const types = await ok('QueryInfoFeedbackTypeDataList', {
      query: { plaformKey: 'enforceSystem' },
    });
    expect(types.map((t) => t.code)).toEqual(['bug', 'suggestion', 'inspection', 'evidence']);
    const market = await ok('QueryInfoFeedbackTypeDataList', { query: { plaformKey: 'marketData' } });
    expect(market.map((t) => t.code)).toEqual(['bug', 'suggestion', 'data', 'coverage']);
    expect((await call('QueryInfoFeedbackTypeDataList', { query: { plaformKey: 'nope' } })).body).toMatchObject({
      code: 400,
      msg: 'plaformKey: is not one of our platforms',
    });
  });

  it('lists only the caller’s own regions on a platform', async () => {
    const mine = await ok('QueryUserPlatformRegion', {
      token: w.alice.token,
      query: { plaformKey: 'farming' },
    });
    expect(mine).toEqual([
      { regionCode: '370783', nameZh: '山东省寿光市', nameEn: 'Shouguang, Shandong' },
      { regionCode: '370828', nameZh: '山东省金乡县', nameEn: 'Jinxiang, Shandong' },
    ]);
    expect(await ok('QueryUserPlatformRegion', { token: w.bob.token, query: { plaformKey: 'farming' } })).toEqual([]);
    expect((await call('QueryUserPlatformRegion', { query: { plaformKey: 'farming' } })).status).toBe(401);
  });
});

describe('filing a feedback', () => {
  it('files feedback about market data and about the portal itself, with no region', async () => {
    for (const key of ['marketData', 'portal']) {
      const f = await fileFeedback(
        w.alice.token,
        feedbackBody(w.typeId(key), { plaformKey: key, regionCode: undefined, title: `About ${key}` }),
      );
      expect(f).toMatchObject({ id: expect.any(String) });
    }
  });

  it('files a pending feedback with two images that are then served, and lists it', async () => {
    const { keys } = await uploadImages(w.alice.token, 2);
    const f = await fileFeedback(
      w.alice.token,
      feedbackBody(w.typeId('farming'), { images: keys, title: 'Two screenshots' }),
    );
    expect(f).toMatchObject({
      title: 'Two screenshots',
      status: 'pending',
      replyCount: 0,
      imageCount: 2,
      mine: true,
      canReply: true,
      canResolve: true,
      submitter: null,
    });
    expect(f.region).toEqual({ regionCode: '370783', nameZh: '山东省寿光市', nameEn: 'Shouguang, Shandong' });
    expect(f.images.map((i) => i.key)).toEqual(keys);
    // The images are private: the owner and staff are given signed URLs; the bare key, or anyone
    // else, gets nothing.
    const forStaff = await ok('QueryFeedbackById', { token: w.staff.token, query: { feedbackId: f.id } });
    for (const img of [...f.images, ...forStaff.images]) {
      expect(img.url).toMatch(new RegExp(`^/files/${img.key}\\?e=\\d+&s=`));
      const { res } = await fetchFile(img.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect((await fetchFile(img.key)).res.status).toBe(404);
    }
    expect((await call('QueryFeedbackById', { token: w.bob.token, query: { feedbackId: f.id } })).body.code).toBe(404);
    const page = await ok('QueryUserFeedbackForPage', {
      token: w.alice.token,
      body: { pageIndex: 1, pageSize: 10 },
    });
    expect(page.inbox).toBe(false);
    expect(page.list.find((x) => x.id === f.id)).toMatchObject({
      status: 'pending',
      imageCount: 2,
      title: 'Two screenshots',
    });
  });

  it('takes content of 2000 characters and refuses 2001', async () => {
    const ok2000 = await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { content: '稻'.repeat(2000) }));
    expect(ok2000.body.code).toBe(1);
    const r = await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { content: '稻'.repeat(2001) }));
    expect(r.body).toMatchObject({ code: 400, msg: 'content: must be at most 2000 characters' });
  });

  it('refuses seven images', async () => {
    const { keys } = await uploadImages(w.alice.token, 6);
    const second = await uploadImages(w.alice.token, 1);
    const r = await addFeedback(
      w.alice.token,
      feedbackBody(w.typeId('farming'), { images: [...keys, ...second.keys] }),
    );
    expect(r.body).toMatchObject({ code: 400, msg: 'images: at most 6 images' });
    // Six is the limit, not more than it.
    expect((await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: keys }))).body.code).toBe(1);
  });

  it('names each other bad field', async () => {
    const t = w.typeId('farming');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title: is required'],
      [{ title: 'x'.repeat(101) }, 'title: must be at most 100 characters'],
      [{ content: '   ' }, 'content: is required'],
      [{ contactPhone: '12345' }, 'contactPhone: must be a mainland mobile number (11 digits starting 13–19)'],
      [{ plaformKey: 'nope' }, 'plaformKey: is not one of our platforms'],
      [{ typeId: w.typeId('electronicLedger') }, 'typeId: is not a feedback type of this platform'],
      [{ typeId: 'not-a-uuid' }, 'typeId: is not a feedback type of this platform'],
      [{ regionCode: '110106' }, 'regionCode: is not one of your regions on this platform'],
      [{ regionCode: undefined }, 'regionCode: is required: choose one of your regions on this platform'],
      [{ content: 'a\u0000b' }, 'content: must not contain NUL characters'],
    ];
    for (const [over, msg] of cases)
      expect((await addFeedback(w.alice.token, feedbackBody(t, over))).body).toMatchObject({ code: 400, msg });
    // Without regions on a platform, no region is needed (and none may be named).
    expect((await addFeedback(w.bob.token, feedbackBody(t, { regionCode: undefined }))).body.code).toBe(1);
    expect((await addFeedback(w.bob.token, feedbackBody(t, { regionCode: '370783' }))).body).toMatchObject({
      code: 400,
      msg: 'regionCode: is not one of your regions on this platform',
    });
  });

  it('attaches only the caller’s own images uploaded with a feedback grant', async () => {
    const general = await ok('UpLoadFileAuths', { token: w.alice.token });
    const avatarish = await send(w.alice.token, general.grant, png(3));
    const viaGeneral = await addFeedback(
      w.alice.token,
      feedbackBody(w.typeId('farming'), { images: [avatarish.body.data!.key] }),
    );
    expect(viaGeneral.body).toMatchObject({
      code: 400,
      msg: 'images: must be images you uploaded with a feedback upload grant',
    });

    const bobs = await uploadImages(w.bob.token, 1);
    const stolen = await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: bobs.keys }));
    expect(stolen.body).toMatchObject({
      code: 400,
      msg: 'images: must be images you uploaded with a feedback upload grant',
    });

    const mine = await uploadImages(w.alice.token, 1);
    expect(
      (await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: [mine.keys[0], mine.keys[0]] })))
        .body,
    ).toMatchObject({
      code: 400,
      msg: 'images: lists the same image twice',
    });
    const made = await addFeedback(
      w.alice.token,
      feedbackBody(w.typeId('farming'), { images: ['u/../../etc/passwd'] }),
    );
    expect(made.body).toMatchObject({
      code: 400,
      msg: 'images: must be images you uploaded with a feedback upload grant',
    });
  });

  it('spends the grant: it uploads nothing more, and its other images attach to no second feedback', async () => {
    const { grant, keys } = await uploadImages(w.alice.token, 3);
    const first = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: keys.slice(0, 2) }));
    expect(first.imageCount).toBe(2);

    const again = await send(w.alice.token, grant.grant, png(99));
    expect(again.body).toMatchObject({
      code: 400,
      msg: 'grant: has already been used for a feedback; request a new upload grant',
    });
    const leftover = await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: [keys[2]] }));
    expect(leftover.body).toMatchObject({
      code: 400,
      msg: 'images: were uploaded with a grant that has already been used for a feedback; request a new upload grant',
    });
    const reused = await addFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: [keys[0]] }));
    expect(reused.body.code).toBe(400);
    // The refusals changed nothing: the first feedback still has its two images.
    expect(
      (await ok('QueryFeedbackById', { token: w.alice.token, query: { feedbackId: first.id } })).images.map(
        (i) => i.key,
      ),
    ).toEqual(keys.slice(0, 2));
  });
});

describe('flood protection', () => {
  it('takes 20 feedbacks an hour from one account, then says when to try again', async () => {
    const u = await registerUser();
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++)
      expect((await addFeedback(u.token, feedbackBody(w.typeId('farming'), { regionCode: undefined }))).body.code).toBe(
        1,
      );
    const r = await addFeedback(u.token, feedbackBody(w.typeId('farming'), { regionCode: undefined }));
    expect(r.body).toMatchObject({
      code: 429,
      msg: expect.stringMatching(
        /^You have sent a lot of feedback in the last hour; please try again in \d+ minutes\.$/,
      ),
    });
    // A refused one is not counted, and others are not affected.
    expect(
      (await addFeedback(w.bob.token, feedbackBody(w.typeId('farming'), { regionCode: undefined }))).body.code,
    ).toBe(1);
  });
});

describe('reply flood protection', () => {
  it('takes 60 replies an hour from one customer, then says when to try again; staff answer on', async () => {
    const u = await registerUser();
    const f = await fileFeedback(u.token, feedbackBody(w.typeId('farming'), { regionCode: undefined }));
    const reply = (token: string, content: string) =>
      call('AddFeedbackReplay', { token, body: { feedbackId: f.id, content } });
    for (let i = 0; i < REPLIES_PER_HOUR; i++) expect((await reply(u.token, `more ${i}`)).body.code).toBe(1);
    expect((await reply(u.token, 'one too many')).body).toMatchObject({
      code: 429,
      msg: expect.stringMatching(
        /^You have sent a lot of replies in the last hour; please try again in \d+ minutes\.$/,
      ),
    });
    // The refused one was not stored; support still answers the thread.
    expect((await reply(w.staff.token, 'We read them all.')).body.code).toBe(1);
    const thread = await ok('QueryFeedbackReplayList', { token: u.token, query: { feedbackId: f.id } });
    expect(thread).toHaveLength(REPLIES_PER_HOUR + 1);
    expect(thread.some((r) => r.content === 'one too many')).toBe(false);
  });
});

describe('who reaches a feedback', () => {
  let alices: Detail;
  beforeAll(async () => {
    alices = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { title: 'Only mine' }));
  });

  it('answers another user “not found” for read, thread, reply and resolve, and changes nothing', async () => {
    const id = { feedbackId: alices.id };
    expect((await call('QueryFeedbackById', { token: w.bob.token, query: id })).body).toMatchObject(NOT_FOUND);
    expect((await call('QueryFeedbackReplayList', { token: w.bob.token, query: id })).body).toMatchObject(NOT_FOUND);
    expect(
      (await call('AddFeedbackReplay', { token: w.bob.token, body: { ...id, content: 'Let me in' } })).body,
    ).toMatchObject(NOT_FOUND);
    expect((await call('ResolveFeedback', { token: w.bob.token, body: id })).body).toMatchObject(NOT_FOUND);
    const after = await ok('QueryFeedbackById', { token: w.alice.token, query: id });
    expect(after).toMatchObject({ status: 'pending', replyCount: 0 });
    expect(await ok('QueryFeedbackReplayList', { token: w.alice.token, query: id })).toEqual([]);
  });

  it('answers the same for ids that do not exist or are malformed', async () => {
    for (const feedbackId of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "' or 1=1 --", '../../etc/passwd']) {
      expect((await call('QueryFeedbackById', { token: w.alice.token, query: { feedbackId } })).body).toMatchObject(
        NOT_FOUND,
      );
    }
  });

  it('keeps other users’ feedback out of a customer’s list, whatever the filters', async () => {
    const page = await ok('QueryUserFeedbackForPage', {
      token: w.bob.token,
      body: { pageIndex: 1, pageSize: 100, keyword: 'Only mine' },
    });
    expect(page.list).toEqual([]);
    expect(page.total).toBe(0);
    const all = await ok('QueryUserFeedbackForPage', {
      token: w.bob.token,
      body: { pageIndex: 1, pageSize: 100 },
    });
    expect(all.list.every((f) => f.id !== alices.id)).toBe(true);
  });

  it('needs a login for every feedback call but the public lists', async () => {
    expect((await call('AddInfoFeedback', { body: feedbackBody(w.typeId('farming')) as never })).status).toBe(401);
    expect((await call('QueryUserFeedbackForPage', { body: {} })).status).toBe(401);
    expect((await call('QueryFeedbackById', { query: { feedbackId: alices.id } })).status).toBe(401);
  });
});

describe('the thread between the author and staff', () => {
  it('pending → replied by staff → pending on the author’s answer → resolved by the author', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { title: 'Thread test' }));

    // Staff see it in the inbox, with who sent it.
    const inbox = await ok('QueryUserFeedbackForPage', {
      token: w.staff.token,
      body: { pageIndex: 1, pageSize: 100, status: 'pending' },
    });
    expect(inbox.inbox).toBe(true);
    expect(inbox.list.find((x) => x.id === f.id)).toMatchObject({
      status: 'pending',
      submitter: { nickname: 'Alice Grower', phone: w.alice.phone },
    });

    const staffReply = await ok('AddFeedbackReplay', {
      token: w.staff.token,
      body: { feedbackId: f.id, content: 'We are on it; please refresh in ten minutes.' },
    });
    expect(staffReply).toMatchObject({ fromStaff: true, authorName: 'Support Sam', mine: true });
    expect((await ok('QueryFeedbackById', { token: w.alice.token, query: { feedbackId: f.id } })).status).toBe(
      'replied',
    );

    const thread = await ok('QueryFeedbackReplayList', { token: w.alice.token, query: { feedbackId: f.id } });
    expect(thread).toEqual([
      expect.objectContaining({
        content: 'We are on it; please refresh in ten minutes.',
        fromStaff: true,
        authorName: 'Support Sam',
        mine: false,
      }),
    ]);
    expect(Date.now() - Date.parse(thread[0]!.createdAt)).toBeLessThan(60_000);

    const answer = await ok('AddFeedbackReplay', {
      token: w.alice.token,
      body: { feedbackId: f.id, content: 'Works now, thanks.' },
    });
    expect(answer).toMatchObject({ fromStaff: false, mine: true });
    expect((await ok('QueryFeedbackById', { token: w.alice.token, query: { feedbackId: f.id } })).status).toBe(
      'pending',
    );

    const resolved = await ok('ResolveFeedback', { token: w.alice.token, body: { feedbackId: f.id } });
    expect(resolved).toMatchObject({ status: 'resolved', replyCount: 2, canReply: false, canResolve: false });
    expect(resolved.resolvedAt).not.toBeNull();

    // Resolved is final for the thread; resolving again changes nothing.
    const late = await call('AddFeedbackReplay', {
      token: w.staff.token,
      body: { feedbackId: f.id, content: 'One more thing' },
    });
    expect(late.body).toMatchObject({
      code: 409,
      msg: 'This feedback is resolved; send a new feedback if the problem comes back.',
    });
    expect((await ok('ResolveFeedback', { token: w.alice.token, body: { feedbackId: f.id } })).resolvedAt).toBe(
      resolved.resolvedAt,
    );
    expect(await ok('QueryFeedbackReplayList', { token: w.staff.token, query: { feedbackId: f.id } })).toHaveLength(2);
  });

  it('refuses an empty or oversized reply', async () => {
    const f = await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming')));
    expect(
      (await call('AddFeedbackReplay', { token: w.alice.token, body: { feedbackId: f.id, content: '  ' } })).body,
    ).toMatchObject({ code: 400, msg: 'content: is required' });
    expect(
      (await call('AddFeedbackReplay', { token: w.alice.token, body: { feedbackId: f.id, content: 'x'.repeat(2001) } }))
        .body,
    ).toMatchObject({
      code: 400,
      msg: 'content: must be at most 2000 characters',
    });
  });
});

describe('lists and the staff inbox', () => {
  it('pages, filters by status and counts per status', async () => {
    const { token } = w.bob;
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(
        await fileFeedback(
          token,
          feedbackBody(w.typeId('electronicLedger'), {
            plaformKey: 'electronicLedger',
            regionCode: undefined,
            title: `Ledger ${i}`,
          }),
        ),
      );
    await ok('ResolveFeedback', { token, body: { feedbackId: mine[0]!.id } });
    const all = await ok('QueryUserFeedbackForPage', { token, body: { pageIndex: 1, pageSize: 100 } });
    const p1 = await ok('QueryUserFeedbackForPage', { token, body: { pageIndex: 1, pageSize: 2 } });
    const p2 = await ok('QueryUserFeedbackForPage', { token, body: { pageIndex: 2, pageSize: 2 } });
    expect(p1.total).toBe(all.list.length);
    expect(p1.list).toHaveLength(2);
    expect(new Set([...p1.list, ...p2.list].map((f) => f.id)).size).toBe(Math.min(4, all.list.length));
    // Most recent activity first: the one just resolved leads.
    expect(all.list[0]!.id).toBe(mine[0]!.id);
    const resolved = await ok('QueryUserFeedbackForPage', {
      token,
      body: { pageIndex: 1, pageSize: 100, status: 'resolved' },
    });
    expect(resolved.list.map((f) => f.id)).toEqual([mine[0]!.id]);
    expect(resolved.counts.resolved).toBe(1);
    expect(resolved.counts.pending + resolved.counts.replied + resolved.counts.resolved).toBe(all.total);
    expect((await call('QueryUserFeedbackForPage', { token, body: { status: 'open' as never } })).body.code).toBe(400);
  });

  it('lets staff filter everyone’s feedback by platform and find it by title, phone or name', async () => {
    const f = await fileFeedback(
      w.bob.token,
      feedbackBody(w.typeId('distributionSystem'), {
        plaformKey: 'distributionSystem',
        regionCode: undefined,
        title: 'Route 7 skips the canteen',
      }),
    );
    const byPlatform = await ok('QueryUserFeedbackForPage', {
      token: w.staff.token,
      body: { pageIndex: 1, pageSize: 100, plaformKey: 'distributionSystem' },
    });
    expect(byPlatform.list.map((x) => x.id)).toContain(f.id);
    expect(byPlatform.list.every((x) => x.plaformKey === 'distributionSystem')).toBe(true);
    for (const keyword of ['route 7', w.bob.phone.slice(-6), 'Bob Trader']) {
      const found = await ok('QueryUserFeedbackForPage', {
        token: w.staff.token,
        body: { pageIndex: 1, pageSize: 100, keyword },
      });
      expect(found.list.map((x) => x.id)).toContain(f.id);
    }
    // A keyword is text, not a pattern.
    const none = await ok('QueryUserFeedbackForPage', {
      token: w.staff.token,
      body: { pageIndex: 1, pageSize: 100, keyword: '%_%' },
    });
    expect(none.list).toEqual([]);
  });
});
