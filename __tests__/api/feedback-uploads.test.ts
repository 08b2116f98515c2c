// Feedback upload grants (UpLoadFileAuths purpose=feedback): single-purpose, images only,
// six files, expiring, spent by the feedback that uses them (docs/accounts.md, docs/feedback.md).
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { call, ok } from '../support/api-client';
import { MINUTE, fakeClock } from '../support/clock';
import { feedbackBody, feedbackGrant, feedbackWorld, fileFeedback, uploadImages } from '../support/feedback';
import { elf, exe, pdf, png, send, withTempFilesDir } from '../support/uploads';

withTempFilesDir('feedback-uploads-');
let w: Awaited<ReturnType<typeof feedbackWorld>>;
beforeAll(async () => {
  w = await feedbackWorld();
}, 60_000);

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

describe('a feedback grant', () => {
  it('is for images only, six of them, under a prefix of its own', async () => {
    const me = await ok('GetCurrentUser', { token: w.alice.token });
    const g = await feedbackGrant(w.alice.token);
    expect(g).toMatchObject({
      purpose: 'feedback',
      maxFiles: 6,
      allowedTypes: ['image/jpeg', 'image/png', 'image/webp'],
      maxBytes: 5 * 1024 * 1024,
    });
    expect(g.keyPrefix).toMatch(new RegExp(`^u/${me.id}/fb/[0-9a-f]{24}/$`));
    const other = await feedbackGrant(w.alice.token);
    expect(other.keyPrefix).not.toBe(g.keyPrefix);
    // The general grant: several types, ten files.
    expect(await ok('UpLoadFileAuths', { token: w.alice.token })).toMatchObject({
      purpose: 'general',
      maxFiles: 10,
      keyPrefix: `u/${me.id}/`,
    });
    expect(
      (await call('UpLoadFileAuths', { token: w.alice.token, query: { purpose: 'avatar' as never } })).body,
    ).toMatchObject({ code: 400, msg: 'purpose: must be general or feedback' });
  });

  it('refuses a PDF, and a PNG that is really an executable', async () => {
    const g = await feedbackGrant(w.alice.token);
    const imagesOnly = { code: 400, msg: 'file: must be a JPEG, PNG or WebP image' };
    expect((await send(w.alice.token, g.grant, pdf(), 'report.pdf', 'application/pdf')).body).toMatchObject(imagesOnly);
    expect((await send(w.alice.token, g.grant, exe(), 'screenshot.png', 'image/png')).body).toMatchObject(imagesOnly);
    expect((await send(w.alice.token, g.grant, elf(), 'screenshot.png', 'image/png')).body).toMatchObject(imagesOnly);
  });

  it('uploads at most six files', async () => {
    const { grant } = await uploadImages(w.alice.token, 6);
    expect((await send(w.alice.token, grant.grant, png(200))).body).toMatchObject({
      code: 400,
      msg: 'grant: allows at most 6 files; remove one or request a new upload grant',
    });
  });

  it('expires after ten minutes', async () => {
    clock = fakeClock(Date.now());
    const g = await feedbackGrant(w.alice.token);
    clock.advance(10 * MINUTE - 1000);
    expect((await send(w.alice.token, g.grant, png(1))).body.code).toBe(1);
    clock.advance(1000);
    expect((await send(w.alice.token, g.grant, png(2))).body).toMatchObject({
      code: 400,
      msg: 'grant: has expired; request a new upload grant',
    });
  });

  it('is refused once a feedback has used it', async () => {
    const { grant, keys } = await uploadImages(w.alice.token, 2);
    await fileFeedback(w.alice.token, feedbackBody(w.typeId('farming'), { images: keys }));
    expect((await send(w.alice.token, grant.grant, png(7))).body).toMatchObject({
      code: 400,
      msg: 'grant: has already been used for a feedback; request a new upload grant',
    });
  });

  it('makes images that cannot become an avatar', async () => {
    const { keys } = await uploadImages(w.alice.token, 1);
    const r = await call('UpdateUserExtendDTO', { token: w.alice.token, body: { avatar: keys[0] } });
    expect(r.body).toMatchObject({ code: 400, msg: 'avatar: must be the key of an image you uploaded' });
  });
});
