import { describe, expect, it, jest } from '@jest/globals';
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

  it('answers a protected call without a token with HTTP 401 and the §8 message', async () => {
    const r = await call('QueryUserMemberByUserId');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 401, msg: 'login status has expired, please log in again' });
  });

  it('refuses a body that is not JSON with code 400 naming the body', async () => {
    const r = await callRaw('core', '/api/MemberLevel/QueryUserMemberByUserId', { rawBody: '{nope' });
    expect(r).toEqual({ status: 200, body: { code: 400, msg: 'body: must be JSON' } });
  });

  it('refuses a staff call without a login before its handler runs', async () => {
    const r = await call('DeleteNews', { body: { id: 1 } });
    expect(r).toEqual({ status: 401, body: { code: 401, msg: 'login status has expired, please log in again' } });
  });

  it('answers 500 when a handler answers outside its contract, naming the call in the log', async () => {
    const saved = registry.QueryMemberList;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    registry.QueryMemberList = () => [{ id: 'no other fields' }] as never;
    try {
      const r = await call('QueryMemberList');
      expect(r.status).toBe(500);
      expect(r.body.code).toBe(500);
      expect(String(errors.mock.calls[0]?.[1])).toMatch(/QueryMemberList answered outside its contract/);
    } finally {
      registry.QueryMemberList = saved;
      errors.mockRestore();
    }
  });
});
