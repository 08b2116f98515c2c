import 'server-only';
import { randomUUID } from 'node:crypto';

// What an id from elsewhere (server/http-server.ts, a trusted proxy's X-Request-Id) may look like.
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id that ties a request's log line to the answer its caller sees (error answers quote it):
 * the one given if it looks like an id, else a new one.
 */
export function requestIdFrom(given: string | null | undefined): string {
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
