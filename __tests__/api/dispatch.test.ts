import { describe, expect, it, jest } from '@jest/globals';
import { contract, specCallNames } from '@/lib/api/contract';
import { registry } from '@/lib/server/endpoints';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import { renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { MAX_BODY_DEPTH, MAX_BODY_NODES } from '@/lib/server/http/json-shape';
import { newUser } from '../support/accounts';
import { call, callRaw } from '../support/api-client';

/** What a Chinese page shows for a failure envelope. */
function inChinese(body: unknown) {
  const b = body as { msgKey: MessageRef['key']; msgParams?: MessageRef['params'] };
  return renderMessage({ key: b.msgKey, params: b.msgParams }, 'zh-CN', serverZhCN);
}

describe('dispatch', () => {
  it('declares the 53 calls of docs/api.md', () => {
    expect(specCallNames).toHaveLength(53);
    expect(contract.RetrievePassWord.path).toBe('/api/RegistUser/RetrievePassWord');
    expect(contract.PayMemberOrderPC.query.in.shape.trandeCode).toBeDefined();
  });

  it('answers an unknown path with body code 404 "unknown call"', async () => {
    const r = await callRaw('core', '/api/Nope/Nothing');
    expect(r).toMatchObject({ status: 200, body: { code: 404, msg: 'unknown call' } });
  });

  it('answers a protected call without a token with HTTP 401 and the §8 message', async () => {
    const r = await call('QueryUserMemberByUserId');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 401, msg: 'login status has expired, please log in again' });
  });

  it('checks the login before the input: no token and an invalid body or query answer 401', async () => {
    const expired = expect.objectContaining({
      status: 401,
      body: expect.objectContaining({ code: 401, msg: 'login status has expired, please log in again' }),
    });
    expect(await callRaw('core', '/api/MemberLevel/QueryUserMemberByUserId', { rawBody: '{nope' })).toEqual(expired);
    expect(await callRaw('core', '/api/MemberOrder/UserBuyMemberLevel', { body: { memberId: 42 } })).toEqual(expired);
    expect(
      await callRaw('core', '/api/MemberOrder/UserBuyMemberLevel', { body: { memberId: 42 }, token: 'not-a-session' }),
    ).toEqual(expired);
    expect(await callRaw('core', '/User/UpLoadFileAuths', { query: { purpose: 'nope' } })).toEqual(expired);
  });

  it('refuses a body that is not JSON with code 400 naming the body', async () => {
    const r = await callRaw('auth', '/api/UserLogin/UserLoginAPP', { rawBody: '{nope' });
    expect(r).toMatchObject({ status: 200, body: { code: 400, msg: 'body: must be JSON' } });
  });

  it('sends the key and parameters of a bad field with the English msg, so a Chinese page can say it in Chinese', async () => {
    const r = await call('SendValidateCode', { query: { phone: '12345' } });
    expect(r.body.msg).toBe('phone: must be a mainland mobile number (11 digits starting 13–19)');
    expect(inChinese(r.body)).toBe('手机号：须为中国大陆手机号（以 13–19 开头的 11 位数字）');
  });

  it("reads zod's own reasons into messages too (a number where text belongs, a list too long)", async () => {
    const r = await callRaw('core', '/api/YoonopData/PriceTrend', {
      rawBody: JSON.stringify({ productCode: 'pork', regionIds: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    });
    expect(r.body.msg).toBe('regionIds: at most 5 regions');
    expect(inChinese(r.body)).toBe('地区：最多 5 个地区');
  });

  it('refuses a staff call without a login before its handler runs', async () => {
    const r = await call('DeleteNews', { body: { id: 1 } });
    expect(r).toMatchObject({ status: 401, body: { code: 401, msg: 'login status has expired, please log in again' } });
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

  it('quotes the request id the server gave the request in an internal error answer (the id of its log line)', async () => {
    const saved = registry.QueryNewsCategory;
    registry.QueryNewsCategory = () => {
      throw new Error('simulated fault');
    };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const given = await call('QueryNewsCategory', { headers: { 'x-request-id': '5f0c2a9e-given-by-server' } });
      expect(given.status).toBe(500);
      expect(given.body).toMatchObject({
        code: 500,
        msg: 'Something went wrong on our side (request 5f0c2a9e-given-by-server).',
        msgParams: { requestId: '5f0c2a9e-given-by-server' },
      });
      expect(quiet).toHaveBeenCalledWith('[5f0c2a9e-given-by-server] QueryNewsCategory failed:', expect.any(Error));
      // An id that does not look like one (or none, under `next dev`) is replaced by a new one.
      const odd = await call('QueryNewsCategory', { headers: { 'x-request-id': 'bad id <script>' } });
      expect(odd.body.msg).toMatch(/^Something went wrong on our side \(request [0-9a-f-]{36}\)\.$/);
    } finally {
      registry.QueryNewsCategory = saved;
      quiet.mockRestore();
    }
  });
});

describe('the one input rule', () => {
  it('refuses a control character in any string of a call, nested too, naming the field', async () => {
    const r = await call('PriceTrend', { body: { productCode: 'rice\u0000', regionIds: ['cn'] } });
    expect(r.body).toMatchObject({ code: 400, msg: 'productCode: must not contain control characters' });
    const nested = await call('PriceTrend', { body: { productCode: 'rice', regionIds: ['cn', 'x\u001bb'] } });
    expect(nested.body).toMatchObject({ code: 400, msg: 'regionIds.1: must not contain control characters' });
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
      expect(r.body).toMatchObject({ code: 400, msg: 'to: must be a real date YYYY-MM-DD' });
    }
  });
});

/** `{"a": {"a": … {"a": leaf} … }}`, `levels` objects deep. */
const nested = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);

describe('the shape of a body', () => {
  const LOGIN = ['auth', '/api/UserLogin/UserLoginAPP'] as const;

  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels, in a field the call does not even know`, async () => {
    const deep = await callRaw(...LOGIN, {
      rawBody: `{"phone":"13800000001","password":"x","extra":${nested(MAX_BODY_DEPTH)}}`,
    });
    expect(deep.body).toMatchObject({ code: 400, msg: `body: must not nest more than ${MAX_BODY_DEPTH} levels deep` });
    // Arrays count as levels too, and a bracket inside a string does not.
    const arrays = await callRaw(...LOGIN, { rawBody: '['.repeat(40_000) + ']'.repeat(40_000) });
    expect(arrays.body).toMatchObject({
      code: 400,
      msg: `body: must not nest more than ${MAX_BODY_DEPTH} levels deep`,
    });
    const quoted = await callRaw(...LOGIN, {
      rawBody: JSON.stringify({
        phone: '13800000001',
        password: '{['.repeat(30),
        x: JSON.parse(nested(MAX_BODY_DEPTH - 1)),
      }),
    });
    expect(quoted.body.msg ?? '').not.toMatch(/nest/);
  });

  it(`refuses a body of more than ${MAX_BODY_NODES} values`, async () => {
    const wide = await callRaw(...LOGIN, {
      rawBody: `{"phone":"13800000001","extra":[${'0,'.repeat(MAX_BODY_NODES)}0]}`,
    });
    expect(wide.body).toMatchObject({ code: 400, msg: `body: must hold at most ${MAX_BODY_NODES} values` });
    expect(inChinese(wide.body)).toBe(`请求内容：最多包含 ${MAX_BODY_NODES} 个值`);
  });

  it('stops reading a deep chunked body at the chunk that passes the cap', async () => {
    let sent = 0;
    const CHUNK = 16 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 1024 * 1024) return c.close();
        sent += CHUNK;
        c.enqueue(new TextEncoder().encode('['.repeat(CHUNK)));
      },
    });
    const req = new Request('http://localhost/api/auth/api/UserLogin/UserLoginAPP', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.9' },
      body,
      duplex: 'half',
    } as RequestInit);
    const { POST } = await import('@/app/api/[service]/[...path]/route');
    const res = await POST(req, {
      params: Promise.resolve({ service: 'auth', path: ['api', 'UserLogin', 'UserLoginAPP'] }),
    });
    expect((await res.json()).code).toBe(400);
    expect(sent).toBeLessThanOrEqual(3 * CHUNK);
  });

  it('drops what a call does not take before judging it: no call keeps unknown keys', async () => {
    const { token } = await newUser('strip');
    const r = await call('QueryUserBuyDataProductRegion', {
      token,
      query: { OutProductCode: 'DP-NONE' },
      body: { unknown: 'x\u0000y' } as never,
    });
    expect(r.body.msg ?? '').not.toMatch(/unknown: /);
    for (const [name, def] of Object.entries(contract)) {
      for (const schema of [def.query, def.body]) {
        const parsed = schema.safeParse({ zzUnknown: 'x' });
        if (parsed.success)
          expect([name, parsed.data]).not.toEqual([name, expect.objectContaining({ zzUnknown: 'x' })]);
      }
    }
  });
});
