import { describe, expect, it } from '@jest/globals';
import { contract, specCallNames } from '@/lib/api/contract';
import { registry } from '@/lib/server/endpoints';
import { call, callRaw } from '../support/api-client';

describe('dispatch', () => {
  it('declares the 53 calls of spec §7', () => {
    expect(specCallNames).toHaveLength(53);
    expect(contract.RetrievePassWord.path).toBe('/api/RegistUser/RetrievePassWord');
    expect(contract.PayMemberOrderPC.query.shape.trandeCode).toBeDefined();
  });

  it('answers an unknown path with body code 404 "unknown call"', async () => {
    const r = await callRaw('core', '/api/Nope/Nothing');
    expect(r).toEqual({ status: 200, body: { code: 404, msg: 'unknown call' } });
  });

  it('answers a declared call without a handler yet with "unknown call"', async () => {
    // Take one call's handler away for this case, whichever calls are implemented by now.
    const saved = registry.QueryNewsCategory;
    delete registry.QueryNewsCategory;
    try {
      const r = await call('QueryNewsCategory');
      expect(r.body).toEqual({ code: 404, msg: 'unknown call' });
    } finally {
      registry.QueryNewsCategory = saved;
    }
  });

  it('answers a protected call without a token with HTTP 401 and the §8 message', async () => {
    const r = await call('QueryUserMemberByUserId');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 401, msg: 'login status has expired, please log in again' });
  });

  it('checks the login before the input: no token and an invalid body or query answer 401', async () => {
    const expired = { status: 401, body: { code: 401, msg: 'login status has expired, please log in again' } };
    expect(await callRaw('core', '/api/MemberLevel/QueryUserMemberByUserId', { rawBody: '{nope' })).toEqual(expired);
    expect(await callRaw('core', '/api/MemberOrder/UserBuyMemberLevel', { body: { memberId: 42 } })).toEqual(expired);
    expect(
      await callRaw('core', '/api/MemberOrder/UserBuyMemberLevel', { body: { memberId: 42 }, token: 'not-a-session' }),
    ).toEqual(expired);
    expect(await callRaw('core', '/User/UpLoadFileAuths', { query: { purpose: 'nope' } })).toEqual(expired);
  });

  it('refuses a body that is not JSON with code 400 naming the body', async () => {
    const r = await callRaw('auth', '/api/UserLogin/UserLoginAPP', { rawBody: '{nope' });
    expect(r).toEqual({ status: 200, body: { code: 400, msg: 'body: must be JSON' } });
  });
});

describe('the one input rule', () => {
  it('refuses a control character in any string of a call, nested too, naming the field', async () => {
    const r = await call('PriceTrend', { body: { productCode: 'rice\u0000', regionIds: ['cn'] } });
    expect(r.body).toEqual({ code: 400, msg: 'productCode: must not contain control characters' });
    const nested = await call('PriceTrend', { body: { productCode: 'rice', regionIds: ['cn', 'x\u001bb'] } });
    expect(nested.body).toEqual({ code: 400, msg: 'regionIds.1: must not contain control characters' });
    const q = await call('SendValidateCode', { query: { phone: '1380000\u00000001' } });
    expect(q.body.code).toBe(400);
    expect(q.body.msg).toMatch(/^phone: /);
  });

  it('keeps tabs and line breaks, which people do type', async () => {
    const r = await call('PriceTrend', { body: { productCode: 'no-such\tproduct', regionIds: ['cn'] } });
    expect(r.body.msg ?? '').not.toMatch(/control characters/);
  });

  it('refuses dates that do not exist, naming the field', async () => {
    for (const to of ['2026-11-31', '2026-02-29', '2026-13-01']) {
      const r = await call('PriceTrend', { body: { productCode: 'rice', regionIds: ['cn'], to } });
      expect(r.body).toEqual({ code: 400, msg: 'to: must be a real date YYYY-MM-DD' });
    }
  });
});
