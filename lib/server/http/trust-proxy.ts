import 'server-only';
import { BlockList, isIP } from 'node:net';

/**
 * Which forwarding hops to believe (TRUST_PROXY, as Express's `trust proxy`):
 * - `none` (unset, `false`, `0`): no forwarding header; the client is the socket's peer;
 * - `all` (`true`): every hop; the client is the leftmost X-Forwarded-For address;
 * - `hops` (an integer N): the N proxies nearest to us; the client is the address N entries
 *   from the right of X-Forwarded-For + the socket's peer;
 * - `list` (comma-separated addresses, CIDRs, or `loopback` / `linklocal` / `uniquelocal`):
 *   hops whose address is listed; the client is the nearest address that is not.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; trusted: BlockList; spec: string };

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is `1.2.3.4`. */
export function normaliseAddress(a: string): string {
  const t = a.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(t) ? t.slice(7) : t;
}

const family = (a: string) => (isIP(a) === 6 ? 'ipv6' : 'ipv4');

/** Parses TRUST_PROXY; throws naming the entry it cannot read. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return { kind: 'none' };
  if (v === 'true') return { kind: 'all' };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Number(v) };
  const trusted = new BlockList();
  for (const entry of v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    for (const item of NAMED[entry] ?? [entry]) {
      const [addr = '', prefix, ...rest] = item.split('/');
      const a = normaliseAddress(addr);
      const bits = prefix === undefined ? null : Number(prefix);
      const max = isIP(a) === 6 ? 128 : 32;
      if (!isIP(a) || rest.length || (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= max)))
        throw new Error(`"${entry}" is not an address, a CIDR or one of loopback, linklocal, uniquelocal`);
      if (bits === null) trusted.addAddress(a, family(a));
      else trusted.addSubnet(a, bits, family(a));
    }
  }
  return { kind: 'list', trusted, spec: v };
}

/**
 * The client's address from the hop chain: X-Forwarded-For entries left to right, then the
 * socket's peer (the nearest hop). Null when the chain is empty.
 */
export function pickClient(chain: string[], trust: TrustProxy): string | null {
  if (!chain.length) return null;
  const last = chain.length - 1;
  switch (trust.kind) {
    case 'none':
      return chain[last]!;
    case 'all':
      return chain[0]!;
    case 'hops':
      return chain[Math.max(0, last - trust.hops)]!;
    case 'list': {
      let i = last;
      while (i > 0 && isIP(chain[i]!) && trust.trusted.check(chain[i]!, family(chain[i]!))) i--;
      return chain[i]!;
    }
  }
}
