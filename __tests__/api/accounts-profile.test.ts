// Registration, the current user, the extended profile, and that a user only ever sees their own data.
import { describe, expect, it } from '@jest/globals';
import { contract } from '@/lib/api/contract';
import { accountHandlers } from '@/lib/server/endpoints/accounts';
import { getDb } from '@/lib/server/db/client';
import { seedAccounts } from '@/lib/server/seed/accounts';
import { call, ok } from '../support/api-client';
import { PASSWORD, freshIp, freshPhone, latestCode, registerUser } from '../support/accounts';
import { png, send, withTempFilesDir } from '../support/uploads';

withTempFilesDir('profile-');

async function uploadPngAs(token: string): Promise<string> {
  const { grant } = await ok('UpLoadFileAuths', { token });
  const stored = await send(token, grant, png(), 'a.png');
  return stored.body.data!.key;
}

describe('UserRegist', () => {
  it('registers, logs in, and GetCurrentUser shows the new account', async () => {
    const phone = freshPhone();
    const { token } = await registerUser(phone, PASSWORD, 'Farmer Li');
    const me = await ok('GetCurrentUser', { token });
    expect(me).toMatchObject({ phone, nickname: 'Farmer Li', isStaff: false, sourcePlaformCode: null });
    expect(Object.keys(me).sort()).toEqual(['createdAt', 'id', 'isStaff', 'nickname', 'phone', 'sourcePlaformCode']);
  });

  it('defaults the nickname to 用户 and the last four digits', async () => {
    const phone = freshPhone();
    const { token } = await registerUser(phone);
    expect((await ok('GetCurrentUser', { token })).nickname).toBe(`用户${phone.slice(-4)}`);
  });

  it('answers 409 when the phone was registered after the code was sent', async () => {
    const phone = '13800000001';
    await ok('SendValidateCode', { query: { phone }, ip: freshIp() });
    const code = await latestCode(phone);
    await seedAccounts(await getDb(), { demo: true }); // the demo account takes the number meanwhile
    const r = await call('UserRegist', { body: { phone, code, password: PASSWORD } });
    expect(r.body).toMatchObject({
      code: 409,
      msg: 'This phone number is already registered; please log in or reset your password.',
    });
  });

  it('enforces the password rule, naming the field', async () => {
    const r = await call('UserRegist', { body: { phone: freshPhone(), code: '123456', password: 'short1' } });
    expect(r.body).toMatchObject({ code: 400, msg: 'password: must be at least 8 characters' });
  });
});

describe('profile', () => {
  it('starts with every extended field null', async () => {
    const { token } = await registerUser();
    expect(await ok('QueryUserExtendDTO', { token })).toEqual({
      realName: null,
      company: null,
      position: null,
      region: null,
      industry: null,
      avatar: null,
    });
  });

  it('round-trips an update, leaves absent fields alone and clears blank ones', async () => {
    const { token } = await registerUser();
    const first = await ok('UpdateUserExtendDTO', {
      token,
      body: { realName: '李明', company: 'Green Fields Co.', region: '山东', nickname: 'Ming' },
    });
    expect(first).toMatchObject({ realName: '李明', company: 'Green Fields Co.', region: '山东', position: null });
    const second = await ok('UpdateUserExtendDTO', { token, body: { position: 'Buyer', company: '' } });
    expect(second).toEqual({
      realName: '李明',
      company: null,
      position: 'Buyer',
      region: '山东',
      industry: null,
      avatar: null,
    });
    expect(await ok('QueryUserExtendDTO', { token })).toEqual(second);
    expect((await ok('GetCurrentUser', { token })).nickname).toBe('Ming');
  });

  it('refuses over-long fields, naming them', async () => {
    const { token } = await registerUser();
    const r = await call('UpdateUserExtendDTO', { token, body: { company: 'x'.repeat(129) } });
    expect(r.body).toMatchObject({ code: 400, msg: 'company: must be at most 128 characters' });
  });

  it('takes as avatar only an image the user uploaded', async () => {
    const a = await registerUser();
    const b = await registerUser();
    const key = await uploadPngAs(a.token);
    expect((await ok('UpdateUserExtendDTO', { token: a.token, body: { avatar: key } })).avatar).toBe(key);
    const stolen = await call('UpdateUserExtendDTO', { token: b.token, body: { avatar: key } });
    expect(stolen.body).toMatchObject({ code: 400, msg: 'avatar: must be the key of an image you uploaded' });
    const made = await call('UpdateUserExtendDTO', { token: b.token, body: { avatar: 'javascript:alert(1)' } });
    expect(made.body.code).toBe(400);
  });

  it('names the public base of stored files', async () => {
    const { token } = await registerUser();
    expect(await ok('FilePathPrefix', { token })).toBe('/files/');
  });
});

describe('isolation: a user never sees another user’s data', () => {
  it('answers each token with its own account and profile', async () => {
    const a = await registerUser();
    const b = await registerUser();
    await ok('UpdateUserExtendDTO', { token: a.token, body: { company: 'A Corp' } });
    await ok('UpdateUserExtendDTO', { token: b.token, body: { company: 'B Corp' } });
    expect((await ok('GetCurrentUser', { token: a.token })).phone).toBe(a.phone);
    expect((await ok('GetCurrentUser', { token: b.token })).phone).toBe(b.phone);
    expect((await ok('QueryUserExtendDTO', { token: a.token })).company).toBe('A Corp');
    expect((await ok('QueryUserExtendDTO', { token: b.token })).company).toBe('B Corp');
  });

  it('ignores a user id smuggled into a request', async () => {
    const a = await registerUser();
    const b = await registerUser();
    const bId = (await ok('GetCurrentUser', { token: b.token })).id;
    const body = { company: 'Mine', userId: bId, id: bId } as never;
    await ok('UpdateUserExtendDTO', { token: a.token, body, query: { userId: bId } as never });
    expect((await ok('QueryUserExtendDTO', { token: b.token })).company).toBeNull();
    expect((await ok('QueryUserExtendDTO', { token: a.token })).company).toBe('Mine');
    const me = await call('GetCurrentUser', { token: a.token, query: { userId: bId } as never });
    expect(me.body.data!.id).not.toBe(bId);
  });

  it('declares no account call that takes a user id', () => {
    const idLike = /^(user_?id|uid|id|user)$/i;
    for (const name of Object.keys(accountHandlers) as (keyof typeof contract)[]) {
      const def = contract[name] as { query: { shape?: object }; body: { shape?: object } };
      const fields = [...Object.keys(def.query.shape ?? {}), ...Object.keys(def.body.shape ?? {})];
      expect({ name, idFields: fields.filter((f) => idLike.test(f)) }).toEqual({ name, idFields: [] });
    }
  });

  it('refuses a token that is made up', async () => {
    expect((await call('GetCurrentUser', { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await call('QueryUserExtendDTO', { token: 'Bearer nope' })).status).toBe(401);
  });
});
