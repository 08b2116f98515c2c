import 'server-only';
import type { IncomingMessage } from 'node:http';
import { contract } from '@/lib/api/contract';
import { httpStatusOf } from '../errors';
import { clientAddress } from '../http/client-ip';
import { failureBody } from '../http/respond';
import { knownAddressRefusal } from '../services/accounts/login';

const LOGIN_URL = `/api/${contract.UserLoginAPP.service}${contract.UserLoginAPP.path}`;

/**
 * The answer to a login from an address this process already found over its limit (the
 * database said its window is full, and the wait has not ended): the envelope the login call
 * itself would give, for server/http-server.ts to send before Next handles the request. Null for
 * every other request, which Next answers as usual. Only an optimisation: a URL spelled some
 * other way still reaches the call, which refuses the address from the same memory
 * (docs/decisions/early-login-refusal.md).
 */
export function earlyRefusal(req: IncomingMessage, now = new Date()): { status: number; body: string } | null {
  if (req.method !== 'POST' || req.url?.split('?')[0] !== LOGIN_URL) return null;
  const forwarded = req.headers['x-forwarded-for'];
  const ip = clientAddress(Array.isArray(forwarded) ? forwarded.join(',') : forwarded, req.socket.remoteAddress);
  const refusal = ip ? knownAddressRefusal(ip, now) : null;
  return refusal ? { status: httpStatusOf(refusal.code), body: JSON.stringify(failureBody(refusal)) } : null;
}
