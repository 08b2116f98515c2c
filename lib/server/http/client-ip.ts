import 'server-only';
import { isIP } from 'node:net';
import { env } from '../env';
import { normaliseAddress, pickClient } from './trust-proxy';

/**
 * The socket's peer address, set by server/http-server.ts on every request (any copy the
 * client sent is overwritten there): route handlers get no socket of their own.
 */
export const SOCKET_ADDRESS_HEADER = 'x-yoonop-socket-address';

/**
 * The caller's address for per-address limits: the hop chain (X-Forwarded-For, then the
 * socket's peer) read as TRUST_PROXY says (lib/server/http/trust-proxy.ts). Without the
 * socket header (`next dev`, handlers called directly in tests) the rightmost
 * X-Forwarded-For entry stands for the peer, which is what Next puts there when none came.
 */
export function clientIp(req: Request): string | null {
  return clientAddress(req.headers.get('x-forwarded-for'), req.headers.get(SOCKET_ADDRESS_HEADER));
}

/** The same from the raw header and the socket's peer (server/http-server.ts, before Next has a Request). */
export function clientAddress(forwardedFor: string | null | undefined, socket: string | null | undefined) {
  const forwarded = (forwardedFor ?? '').split(',').map(normaliseAddress).filter(Boolean);
  const chain = socket ? [...forwarded, normaliseAddress(socket)] : forwarded;
  const client = pickClient(chain, env().TRUST_PROXY);
  // A trusted hop may pass on whatever its client claimed; what is no address keys no limit.
  return client && isIP(client) ? client : (chain.at(-1) ?? null);
}
