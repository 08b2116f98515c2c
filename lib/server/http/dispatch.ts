import 'server-only';
import type { z } from 'zod';
import { contract, findCall, type CallDef, type CallName } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { noControlChars, objectShape } from '@/lib/api/schemas/common';
import { authorise } from '../auth/roles';
import { ANONYMOUS } from '../access/viewer';
import { resolveSession, tokenFromHeader } from '../auth/sessions';
import { databaseGate } from '../db/availability';
import { getDb } from '../db/client';
import { env } from '../env';
import { registry } from '../endpoints';
import { msg } from '@/lib/i18n/server-messages';
import { ApiError, englishOf, fail } from '../errors';
import { recordFault } from '../fleet/faults';
import { issueMessage } from './issue-message';
import { clientIp } from './client-ip';
import type { AuditEntry, Handler, HandlerCtx, RequestMeta } from './handler';
import { JsonShapeGuard } from './json-shape';
import { MAX_BODY_BYTES, readBodyText } from './read-body';
import { requestIdFrom } from './request-id';
import { actorOf, writeAudit } from '../services/console/audit';
import type { Db } from '../db/client';
import type { SessionUser } from '../auth/sessions';
import { databaseUnavailable, errorResponse, json, preparedJson } from './respond';
import { PASS_ENCODING_HEADER, SharedAnswer } from './shared-answer';

const CHECK_ANSWERS = () => env().NODE_ENV !== 'production';

/** Names the first failing field, e.g. `phone: must be a mainland mobile number`. */
export function describeIssue(error: z.ZodError, where: 'query' | 'body'): string {
  const m = issueMessage(error, where);
  return typeof m === 'string' ? m : englishOf(m);
}

/**
 * The call's own schema, then the one rule for every string the call takes (no control
 * characters, at any depth); either failure is a 400 naming the field. Only what the schema
 * kept is walked: keys the call does not know are dropped by it first, so they are never judged.
 */
function parseInput(schema: z.ZodType, raw: unknown, where: 'query' | 'body'): unknown {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(ErrorCode.invalid, issueMessage(parsed.error, where));
  const clean = noControlChars.safeParse(parsed.data);
  if (!clean.success) {
    // Name the field as the caller spelled it (a schema may rename one: trandeCode → tradeCode):
    // the same check on the call's own fields as sent, which its schema has just accepted.
    const asSent = noControlChars.safeParse(ownFields(schema, raw));
    throw new ApiError(ErrorCode.invalid, issueMessage((asSent.success ? clean : asSent).error!, where));
  }
  return parsed.data;
}

/** The fields of `raw` that the call's object schema names (nothing else of what was sent). */
function ownFields(schema: z.ZodType, raw: unknown): Record<string, unknown> {
  const shape = objectShape(schema);
  if (!shape || !raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.keys(shape).flatMap((k) => (Object.hasOwn(raw, k) ? [[k, (raw as Record<string, unknown>)[k]]] : [])),
  );
}

/**
 * The JSON body, read no further than 1 MiB or the call's `maxBodyBytes` (code 413 past it) and no deeper or wider than the
 * caps of json-shape.ts (code 400, at the chunk that passes one: the rest is never read).
 */
async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const guard = new JsonShapeGuard();
  const text = await readBodyText(req, limit, (chunk) => {
    const refused = guard.feed(chunk);
    if (refused)
      throw fail.invalid(
        'body',
        refused.reason === 'depth'
          ? msg('validation.tooDeep', { max: refused.max })
          : msg('validation.tooManyValues', { max: refused.max }),
      );
  });
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail.invalid('body', msg('validation.json'));
  }
}

/**
 * The one entry for /api/{service}/{...path}: authorise, read and validate, run, wrap in the
 * envelope. The login comes first: a caller without one learns nothing about the input rules.
 */
export async function dispatch(req: Request, service: string, pathParts: string[]): Promise<Response> {
  // server/http-server.ts gives every request its id (the one in its log line).
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  const name = findCall(service, '/' + pathParts.join('/'));
  try {
    if (!name) throw fail.notFound(msg('errors.unknownCall'));
    const def = contract[name] as CallDef;
    if (req.method !== def.method) throw fail.invalid('method', msg('validation.method', { method: def.method }));
    // Every declared call has its handler: the registry's type requires one per call.
    const handler = registry[name] as Handler<CallName>;

    // The database is known to be away: answer at once rather than wait on it (docs/reliability.md).
    if (databaseGate().down) {
      recordFault('database_unavailable', {
        id: requestId,
        call: name,
        error: 'database down; waiting for it to return',
      });
      throw databaseUnavailable();
    }
    const db = await getDb();
    const now = new Date();
    const token = tokenFromHeader(req.headers.get('authorization'));
    const session = token ? await resolveSession(db, token, now) : null;
    authorise(session, def.auth);

    const url = new URL(req.url);
    const query = parseInput(def.query, Object.fromEntries(url.searchParams), 'query');
    const body = parseInput(def.body, def.method === 'POST' ? await readBody(req, def.maxBodyBytes) : {}, 'body');

    const meta: RequestMeta = { ip: clientIp(req), userAgent: req.headers.get('user-agent'), requestId, url, now };
    const ctx = {
      query,
      body,
      user: session?.user ?? null,
      sessionId: session?.id ?? null,
      sessionKind: session?.kind ?? null,
      viewer: session?.viewer ?? ANONYMOUS,
      db,
      meta,
    };
    const data = def.audit ? await runWrite(name, db, ctx, handler) : await handler(ctx as HandlerCtx<CallName>);
    // Outside production every answer is checked against the contract, so a handler cannot drift
    // from the types the client is built on (the tests and `npm run dev` both run this way).
    if (CHECK_ANSWERS() && data !== undefined) {
      const check = def.response.safeParse(data instanceof SharedAnswer ? data.value() : data);
      if (!check.success)
        throw new Error(`${name} answered outside its contract: ${describeIssue(check.error, 'body')}`);
    }
    if (data instanceof SharedAnswer) {
      const prepared = data.envelope(req.headers.get('accept-encoding'), req.headers.has(PASS_ENCODING_HEADER));
      return preparedJson(prepared.body, prepared.gzip);
    }
    return json(data === undefined ? { code: 1 } : { code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, name);
  }
}

/**
 * A console write (`audit: true`): the handler runs in one transaction with the audit records it
 * makes, so the change and its record commit together or not at all; a write that recorded
 * nothing (and did not say it changed nothing) is a bug, and is rolled back. What must wait for the commit (expiring cached pages, so
 * no page is rendered from the old rows after it was expired) runs once it is done.
 */
async function runWrite(
  name: CallName,
  db: Db,
  ctx: { user: SessionUser | null; meta: RequestMeta } & Record<string, unknown>,
  handler: Handler<CallName>,
) {
  const after: ((db: Db) => Promise<unknown> | unknown)[] = [];
  const data = await db.transaction(async (tx) => {
    const entries: AuditEntry[] = [];
    let unchanged = false;
    const result = await handler({
      ...ctx,
      db: tx,
      audit: (e: AuditEntry) => entries.push(e),
      unchanged: () => {
        unchanged = true;
      },
      afterCommit: (fn: (db: Db) => Promise<unknown> | unknown) => after.push(fn),
    } as unknown as HandlerCtx<CallName>);
    if (!entries.length && !unchanged) throw new Error(`${name} changed something without an audit record`);
    await writeAudit(tx, name, actorOf(ctx.user!), entries, ctx.meta);
    return result;
  });
  for (const fn of after) await fn(db);
  return data;
}
