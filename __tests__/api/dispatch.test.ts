import { describe, expect, it } from '@jest/globals';
import { contract, specCallNames } from '@/lib/api/contract';
import { registry } from '@/lib/server/endpoints';
import { call, callRaw } from '../support/api-client';

describe('dispatch', () => {
  it('declares the 53 calls of docs/api.md', () => {
    expect(specCallNames).toHaveLength(53);
    expect(contract.RetrievePassWord.path).toBe('/api/RegistUser/RetrievePassWord');
    expect(contract.PayMemberOrderPC.query.in.shape.trandeCode).toBeDefined();
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

  it('refuses a body that is not JSON with code 400 naming the body', async () => {
    const r = await callRaw('core', '/api/MemberLevel/QueryUserMemberByUserId', { rawBody: '{nope' });
    expect(r).toEqual({ status: 200, body: { code: 400, msg: 'body: must be JSON' } });
  });
});
