import { LOGIN_EXPIRED_CODE } from '@/lib/api/envelope';
import {
  MSG_LOGIN_EXPIRED,
  MSG_NETWORK_FAILED,
  MSG_SERVER_BUSY,
  RequestError,
  classifyResponse,
} from '@/lib/api/request-error';

// One test per row of the docs/api.md error catalogue.
describe('classifyResponse (docs/api.md)', () => {
  it.each([200, 201, 204, 299, 0])('HTTP %i with body code 1 passes', (status) => {
    expect(classifyResponse(status, { code: 1, data: { a: 1 } })).toBeUndefined();
  });

  it('HTTP 401 is the login-expired error whatever the body says', () => {
    for (const body of [undefined, { code: 1 }, { code: 500, msg: 'x' }]) {
      const err = classifyResponse(401, body);
      expect(err).toBeInstanceOf(RequestError);
      expect(err).toMatchObject({ code: 401, msg: 'login status has expired, please log in again' });
    }
  });

  it.each([400, 403, 404, 500, 502, 503, 300, 199])(
    'any other HTTP status (%i) is that code with "server busy"',
    (status) => {
      const err = classifyResponse(status, { code: 1, data: 1 });
      expect(err).toMatchObject({ code: status, msg: 'server busy, please try again later' });
      expect(MSG_SERVER_BUSY).toBe('server busy, please try again later');
    },
  );

  it('HTTP 503 with the envelope code 503 shows what is away (docs/reliability.md), in the page language by its key', () => {
    const err = classifyResponse(503, {
      code: 503,
      msg: 'The service is briefly unavailable; nothing was changed. Please try again in a few seconds.',
      msgKey: 'faults.databaseUnavailable',
      data: { retryAfterSeconds: 5 },
    });
    expect(err).toMatchObject({
      code: 503,
      msg: 'The service is briefly unavailable; nothing was changed. Please try again in a few seconds.',
      ref: { key: 'faults.databaseUnavailable' },
      data: { retryAfterSeconds: 5 },
    });
  });

  it('a body code other than 1 and 401 is passed on with its msg and data', () => {
    const err = classifyResponse(200, { code: 403, msg: 'Gold membership required', data: { unlock: 'gold' } });
    expect(err).toMatchObject({ code: 403, msg: 'Gold membership required', data: { unlock: 'gold' } });
    expect(err?.message).toBe('Gold membership required');
  });

  it('without a msg the default "network request failed" text is used', () => {
    expect(classifyResponse(200, { code: 0 })).toMatchObject({
      code: 0,
      msg: 'network request failed, please try again later',
    });
    expect(classifyResponse(200, { code: 409, msg: '' })).toMatchObject({ code: 409, msg: MSG_NETWORK_FAILED });
  });

  it('a body code 401 (on HTTP 200) is the login-expired error', () => {
    expect(classifyResponse(200, { code: 401, msg: 'token revoked' })).toMatchObject({
      code: LOGIN_EXPIRED_CODE,
      msg: MSG_LOGIN_EXPIRED,
    });
  });

  it('reads the `Code` spelling of the envelope', () => {
    expect(classifyResponse(200, { Code: 1, data: 'x' })).toBeUndefined();
    expect(classifyResponse(200, { Code: 404, msg: 'not found' })).toMatchObject({ code: 404, msg: 'not found' });
    expect(classifyResponse(200, { Code: 401 })).toMatchObject({ code: 401, msg: MSG_LOGIN_EXPIRED });
  });

  it('an unreadable body on a passing status is a failure, never a success', () => {
    expect(classifyResponse(200, undefined)).toMatchObject({ code: 0, msg: MSG_NETWORK_FAILED });
    expect(classifyResponse(200, 'oops')).toMatchObject({ code: 0, msg: MSG_NETWORK_FAILED });
  });
});
