import 'server-only';
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Outgoing requests to addresses users give (alert webhooks) reach the public internet only: never
 * a loopback, private, link-local, unique-local, carrier-grade NAT, multicast or reserved address,
 * checked on the addresses the name resolves to (a public name may point inside), and the request
 * then goes to the address checked, not to a second lookup (docs/alerts.md, "Webhooks").
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

/** Resolves a host name (or takes an address) and answers its first address, refusing if any is not public. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;
export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

export async function publicAddressOf(host: string, resolve: Resolve = systemResolve): Promise<LookupAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const all = ipaddr.isValid(bare) ? [{ address: bare, family: bare.includes(':') ? 6 : 4 }] : await resolve(bare);
  if (!all.length) throw new PrivateAddressError(host, '(nothing)');
  for (const a of all) if (!isPublicAddress(a.address)) throw new PrivateAddressError(host, a.address);
  return all[0]!;
}
