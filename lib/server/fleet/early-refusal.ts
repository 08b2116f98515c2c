import 'server-only';
import type { IncomingMessage } from 'node:http';
import { contract } from '@/lib/api/contract';
import { busy, passwordPlacesFull } from '../auth/password-work';
import { databaseGate } from '../db/availability';
import { getDb } from '../db/client';
import type { ApiError } from '../errors';
import { httpStatusOf } from '../errors';
import { clientAddress } from '../http/client-ip';
import { failureBody } from '../http/respond';
import { knownSites } from '../services/accounts/known-sites';
import { knownAddressRefusal } from '../services/accounts/login';

const LOGIN_URL = `/api/${contract.UserLoginAPP.service}${contract.UserLoginAPP.path}`;

export type EarlyRefusal = { status: number; body: string };

/**
 * The answer to a login that this process can refuse before Next handles the request, for
 * server/http-server.ts to send: the envelope the login call itself would give. Two cases:
 * - the address is one this process already found over its limit (the database said its window
 *   is full, and the wait has not ended): answered at once;
 * - every ordinary password-check place is taken and nobody logged in lately from the address's
 *   site (its IPv6 /48, or the IPv4 address), so no login from there can claim the kept places
 *   (docs/accounts.md, "Password checks"): the call would refuse it as busy. One indexed read per
 *   site every QUIET_SITE_MS decides (known-sites.ts); a promise of the answer.
 * Null (at once) for every other request, which Next answers as usual. Only an optimisation: a URL
 * spelled some other way still reaches the call, which refuses alike
 * (docs/decisions/early-login-refusal.md).
 */
export function earlyRefusal(
  req: IncomingMessage,
  now = new Date(),
): EarlyRefusal | null | Promise<EarlyRefusal | null> {
  if (req.method !== 'POST' || req.url?.split('?')[0] !== LOGIN_URL) return null;
  const forwarded = req.headers['x-forwarded-for'];
  const ip = clientAddress(Array.isArray(forwarded) ? forwarded.join(',') : forwarded, req.socket.remoteAddress);
  if (!ip) return null;
  const refusal = knownAddressRefusal(ip, now);
  if (refusal) return answer(refusal);
  if (!passwordPlacesFull() || databaseGate().down) return null;
  return refuseUnknownSite(ip, now);
}

async function refuseUnknownSite(ip: string, now: Date) {
  try {
    return (await knownSites.any(await getDb(), ip, now)) ? null : answer(busy());
  } catch {
    return null; // the call decides, and answers a database fault as it does
  }
}

const answer = (e: ApiError): EarlyRefusal => ({ status: httpStatusOf(e.code), body: JSON.stringify(failureBody(e)) });
