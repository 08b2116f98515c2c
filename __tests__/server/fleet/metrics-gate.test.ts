// Who may read /metrics (lib/server/fleet/server-hooks.ts) and how METRICS_ALLOW is read (env.ts).
import type { IncomingMessage } from 'node:http';
import { parseAddressList } from '@/lib/server/env';
import { metricsGate } from '@/lib/server/fleet/server-hooks';

const req = (remoteAddress: string, authorization?: string) =>
  ({ socket: { remoteAddress }, headers: authorization ? { authorization } : {} }) as unknown as IncomingMessage;

describe('METRICS_ALLOW', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(parseAddressList(' 10.0.0.5, 10.1.0.0/16 ,::1, fd00::/8')).toEqual([
      { address: '10.0.0.5', prefix: 32, family: 'ipv4' },
      { address: '10.1.0.0', prefix: 16, family: 'ipv4' },
      { address: '::1', prefix: 128, family: 'ipv6' },
      { address: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    expect(parseAddressList('')).toEqual([]);
  });

  it('names the entry it cannot read', () => {
    expect(parseAddressList('10.0.0.1, prometheus.internal')).toBe(
      '"prometheus.internal" is not an IP address or CIDR range',
    );
    expect(parseAddressList('10.0.0.0/33')).toMatch(/10\.0\.0\.0\/33/);
    expect(parseAddressList('10.0.0.0/1x')).toMatch(/10\.0\.0\.0\/1x/);
  });
});

describe('the /metrics gate', () => {
  it('is closed to everyone when neither a token nor addresses are set', () => {
    const gate = metricsGate(undefined, []);
    expect(gate(req('127.0.0.1'))).toBe('forbidden');
    expect(gate(req('127.0.0.1', 'Bearer anything-at-all-here'))).toBe('forbidden');
  });

  it('opens to the right bearer token only', () => {
    const gate = metricsGate('a-long-metrics-token-0123456789', []);
    expect(gate(req('203.0.113.9', 'Bearer a-long-metrics-token-0123456789'))).toBe('ok');
    expect(gate(req('203.0.113.9', 'bearer  a-long-metrics-token-0123456789'))).toBe('ok');
    expect(gate(req('203.0.113.9', 'Bearer a-long-metrics-token-012345678'))).toBe('unauthorized');
    expect(gate(req('203.0.113.9', 'Basic a-long-metrics-token-0123456789'))).toBe('unauthorized');
    expect(gate(req('203.0.113.9'))).toBe('unauthorized');
  });

  it('opens to the allowed peer addresses (the socket, never a forwarding header), IPv4-mapped ones included', () => {
    const gate = metricsGate(undefined, parseAddressList('10.1.0.0/16, ::1') as never);
    expect(gate(req('10.1.200.3'))).toBe('ok');
    expect(gate(req('::ffff:10.1.0.7'))).toBe('ok');
    expect(gate(req('::1'))).toBe('ok');
    expect(gate(req('10.2.0.1'))).toBe('forbidden');
    expect(gate(req('127.0.0.1'))).toBe('forbidden');
  });
});
