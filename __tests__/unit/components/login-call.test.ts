import { login } from '@/components/shared/login/login-call';
import { RequestError } from '@/lib/api/request-error';

// jsdom has no fetch Response; request() reads only status and json().
const reply = (body: unknown, status = 200) => jest.fn().mockResolvedValue({ status, json: async () => body });

afterEach(() => jest.restoreAllMocks());

describe('login (UserLoginAPP, docs/api.md)', () => {
  it('posts phone and password and resolves with the session token', async () => {
    const fetchMock = reply({ code: 1, data: { token: 'tok', expiresAt: '2030-01-01T00:00:00Z' } });
    global.fetch = fetchMock;
    const onError = jest.fn();
    await expect(login({ phone: '13800138000', password: 'secret123' }, onError)).resolves.toEqual({
      token: 'tok',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(onError).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/UserLogin\/UserLoginAPP$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '13800138000', password: 'secret123' });
  });

  it('passes the error to the callback, then rethrows the same error', async () => {
    global.fetch = reply({ code: 0, msg: 'wrong phone number or password' });
    const seen: string[] = [];
    const onError = jest.fn((err: unknown) => seen.push(`callback:${(err as RequestError).msg}`));
    const p = login({ phone: '13800138000', password: 'nope' }, onError).catch((err: unknown) => {
      seen.push('rethrown');
      throw err;
    });
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ code: 0, msg: 'wrong phone number or password' });
    expect(onError).toHaveBeenCalledWith(err);
    expect(seen).toEqual(['callback:wrong phone number or password', 'rethrown']);
  });

  it('rethrows a network failure too, with the §8 message', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const onError = jest.fn();
    await expect(login({ phone: '13800138000', password: 'x' }, onError)).rejects.toMatchObject({
      msg: 'network request failed, please try again later',
    });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
