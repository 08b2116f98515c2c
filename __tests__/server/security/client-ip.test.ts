// TRUST_PROXY: which X-Forwarded-For hops the per-address limits believe (as Express's `trust proxy`).
import { afterEach, describe, expect, it } from '@jest/globals';
import { clientIp, SOCKET_ADDRESS_HEADER } from '@/lib/server/http/client-ip';
import { env, resetEnvCache } from '@/lib/server/env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function trust(value: string | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  resetEnvCache();
}

/** A request as server/http-server.ts hands it on: the socket's peer in its header, X-Forwarded-For as sent. */
const req = (socket: string | null, xff?: string) =>
  new Request('http://localhost/api/x', {
    headers: {
      ...(socket === null ? {} : { [SOCKET_ADDRESS_HEADER]: socket }),
      ...(xff === undefined ? {} : { 'x-forwarded-for': xff }),
    },
  });

describe('clientIp', () => {
  it('trusts no forwarding header by default: a client cannot pick its own address', () => {
    for (const v of [undefined, 'false', '0']) {
      trust(v);
      expect(clientIp(req('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
      expect(clientIp(req('203.0.113.9', '1.1.1.1, 2.2.2.2'))).toBe('203.0.113.9');
      expect(clientIp(req('203.0.113.9'))).toBe('203.0.113.9');
    }
  });

  it('reads an IPv4 peer on a dual-stack socket as IPv4', () => {
    trust(undefined);
    expect(clientIp(req('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('trusts every hop with true: the leftmost address', () => {
    trust('true');
    expect(clientIp(req('10.0.0.2', '198.51.100.1, 10.0.0.1'))).toBe('198.51.100.1');
    expect(clientIp(req('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('trusts N hops with an integer: the address N entries from the right of X-Forwarded-For + socket', () => {
    trust('1');
    // One load balancer (10.0.0.2) appends the client's address; anything before it was the client's to say.
    expect(clientIp(req('10.0.0.2', 'spoofed-by-client, 198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(req('10.0.0.2', '203.0.113.1, 198.51.100.7'))).toBe('198.51.100.7');
    trust('2');
    expect(clientIp(req('10.0.0.3', '203.0.113.1, 198.51.100.7, 10.0.0.2'))).toBe('198.51.100.7');
    // Fewer hops than trusted: the leftmost there is.
    expect(clientIp(req('10.0.0.3', '198.51.100.7'))).toBe('198.51.100.7');
  });

  it('trusts the listed proxies with a list: the nearest address that is not one of them', () => {
    trust('10.0.0.0/8, 192.0.2.5');
    expect(clientIp(req('10.0.0.2', '203.0.113.1, 198.51.100.7, 192.0.2.5'))).toBe('198.51.100.7');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(clientIp(req('198.51.100.99', '203.0.113.1'))).toBe('198.51.100.99');
    trust('loopback');
    expect(clientIp(req('::1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(req('127.0.0.1', '198.51.100.7, 127.0.0.1'))).toBe('198.51.100.7');
  });

  it('never keys a limit on something that is no address', () => {
    trust('true');
    expect(clientIp(req('10.0.0.2', 'x'.repeat(300)))).toBe('10.0.0.2');
  });

  it('refuses a TRUST_PROXY it cannot read, naming the variable', () => {
    trust('10.0.0.0/99');
    expect(() => env()).toThrow(/TRUST_PROXY: "10.0.0.0\/99" is not an address/);
    trust('proxy.example');
    expect(() => env()).toThrow(/TRUST_PROXY: "proxy.example"/);
  });
});
