// Per-address limits key an IPv6 client on its /64 (one host's own supply of addresses), with a
// coarser window on its /48 (docs/decisions/login-limits.md).
import { describe, expect, it } from '@jest/globals';
import { addressKeys, hostKey } from '@/lib/server/http/address-key';
import { perAddress, SITE_FACTOR } from '@/lib/server/rate-limit';

describe('addressKeys', () => {
  it('keeps an IPv4 address as it is, with no coarser window', () => {
    expect(addressKeys('203.0.113.9')).toEqual({ host: '203.0.113.9', site: null });
  });

  it('keys every address of one /64 alike, however it is spelled', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:abcd::9',
      '2001:db8:1:2:0:0:0:7%eth0',
      '2001:db8:1:2::1.2.3.4',
    ];
    for (const a of spellings) expect(addressKeys(a)).toEqual({ host: '2001:db8:1:2::/64', site: '2001:db8:1::/48' });
    expect(hostKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKeys('::1')).toEqual({ host: '0:0:0:0::/64', site: '0:0:0::/48' });
    expect(addressKeys('fe80::1')).toEqual({ host: 'fe80:0:0:0::/64', site: 'fe80:0:0::/48' });
  });

  it('keys an IPv4-mapped address as its IPv4 address', () => {
    expect(addressKeys('::ffff:203.0.113.9')).toEqual({ host: '203.0.113.9', site: null });
  });

  it('leaves anything that is no address as it is', () => {
    expect(addressKeys('unknown')).toEqual({ host: 'unknown', site: null });
    expect(addressKeys('2001:db8::g')).toEqual({ host: '2001:db8::g', site: null });
  });
});

describe('perAddress', () => {
  const rule = { bucket: 'b', limit: 5, windowMs: 1000, message: () => 'x' as never };

  it('gives an IPv4 client one window', () => {
    expect(perAddress('203.0.113.9', rule).map((r) => [r.bucket, r.key, r.limit])).toEqual([['b', '203.0.113.9', 5]]);
  });

  it(`gives an IPv6 client its /64's window and its /48's, ${SITE_FACTOR} times as large`, () => {
    expect(perAddress('2001:db8:1:2::1', rule, (a) => `p@${a}`).map((r) => [r.bucket, r.key, r.limit])).toEqual([
      ['b', 'p@2001:db8:1:2::/64', 5],
      ['b/48', 'p@2001:db8:1::/48', 5 * SITE_FACTOR],
    ]);
  });
});
