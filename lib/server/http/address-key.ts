import 'server-only';
import ipaddr from 'ipaddr.js';

/**
 * The prefixes an IPv6 client is keyed on (docs/decisions/login-limits.md): one host gets a whole
 * /64 from its network (SLAAC, privacy addresses, a phone's tethering), so an address of its own
 * per request is free; a site or a customer of a provider usually gets a /48.
 */
export const IPV6_HOST_PREFIX = 64;
export const IPV6_SITE_PREFIX = 48;

/** `2001:db8:1:2::/64` for a prefix of `bits` (a multiple of 16) of an IPv6 address's groups. */
function prefixOf(groups: number[], bits: number) {
  return `${groups
    .slice(0, bits / 16)
    .map((g) => g.toString(16))
    .join(':')}::/${bits}`;
}

/**
 * Whose a request is, for per-address limits: an IPv4 address as it is, an IPv6 address by its
 * /64 (the host), with `site` its /48 for the coarser window beside it (null for IPv4). An
 * IPv4-mapped IPv6 address is its IPv4 address; a zone (`%eth0`) is dropped; anything that is no
 * address is its own key.
 */
export function addressKeys(address: string): { host: string; site: string | null } {
  const bare = address.split('%')[0]!;
  if (!ipaddr.IPv6.isValid(bare)) return { host: address, site: null };
  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.isIPv4MappedAddress()) return { host: v6.toIPv4Address().toString(), site: null };
  return { host: prefixOf(v6.parts, IPV6_HOST_PREFIX), site: prefixOf(v6.parts, IPV6_SITE_PREFIX) };
}

/** The host key alone (an IPv4 address, an IPv6 /64): what marks "this address" in records. */
export const hostKey = (address: string) => addressKeys(address).host;
