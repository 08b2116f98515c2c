import 'server-only';
import { and, eq, gt, like } from 'drizzle-orm';
import { addressKeys } from '../../http/address-key';
import type { Db } from '../../db/client';
import { knownLogins } from '../../db/schema';

/** How long a phone that logged in from an address stays a known login there. */
export const KNOWN_LOGIN_MS = 30 * 24 * 3600 * 1000;
/** How long this process trusts having found nobody logged in lately from a site. */
export const QUIET_SITE_MS = 10_000;
const MEMO_MAX = 10_000;

/**
 * Sites (an IPv6 /48, an IPv4 address) from which nobody logged in within KNOWN_LOGIN_MS, as this
 * process last read it, and until when it trusts that: the server's early refusal of a login
 * flood asks once per site, not once per request, when a flood rotates through a site's /64s
 * (docs/decisions/early-login-refusal.md). A login that succeeds here forgets its site at once;
 * one through another instance is seen when the entry ends. Bounded, oldest first. Kept on
 * globalThis: the route handlers and the server's hooks are separate bundles of one process.
 */
const KEY = Symbol.for('portal.quietSites');
const quiet: Map<string, number> = ((globalThis as { [KEY]?: Map<string, number> })[KEY] ??= new Map());

/** The site of a client address: its IPv6 /48, or the IPv4 address itself. */
const siteOf = (address: string) => {
  const { host, site } = addressKeys(address);
  return site ?? host;
};

/** Host keys of an IPv6 site begin with its groups and a colon (lib/server/http/address-key.ts). */
const inSite = (site: string) =>
  site.endsWith('::/48')
    ? like(knownLogins.address, `${site.slice(0, -'::/48'.length)}:%`)
    : eq(knownLogins.address, site);

export const knownSites = {
  /**
   * Whether anyone logged in lately from the site of `address`: if nobody did, no login from there
   * is likely real, whatever its phone. One read on known_logins_address_idx, then memory.
   */
  async any(db: Db, address: string, now: Date): Promise<boolean> {
    const site = siteOf(address);
    const until = quiet.get(site);
    if (until !== undefined && until > now.getTime()) return false;
    const [row] = await db
      .select({ at: knownLogins.at })
      .from(knownLogins)
      .where(and(inSite(site), gt(knownLogins.at, new Date(now.getTime() - KNOWN_LOGIN_MS))))
      .limit(1);
    quiet.delete(site);
    if (row) return true;
    quiet.set(site, now.getTime() + QUIET_SITE_MS);
    if (quiet.size > MEMO_MAX) quiet.delete(quiet.keys().next().value!);
    return false;
  },
  /** A login succeeded from the client address `address`: its site is known now. */
  forget(address: string) {
    quiet.delete(siteOf(address));
  },
};
