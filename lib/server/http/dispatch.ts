import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { contract, findCall, type CallDef, type CallName } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { noControlChars } from '@/lib/api/schemas/common';
import { resolveSession, tokenFromHeader } from '../auth/sessions';
import { getDb } from '../db/client';
import { registry } from '../endpoints';
import { ApiError, fail } from '../errors';
import { clientIp } from './client-ip';
import type { HandlerCtx, RequestMeta } from './handler';
import { readBodyText } from './read-body';
import { errorResponse, json, preparedJson } from './respond';
import { sharedEnvelope } from './shared-answer';

/** Names the first failing field, e.g. `phone: must be a mainland mobile number`. */
export function describeIssue(error: z.ZodError, where: 'query' | 'body'): string {
  const issue = error.issues[0];
  if (!issue) return `${where}: is invalid`;
  const field = issue.path.length ? issue.path.join('.') : where;
  const msg = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return `${field}: ${msg}`;
}

/**
 * The call's own schema, then the one rule for every string the call takes (no control
 * characters, at any depth); either failure is a 400 naming the field. Keys the call does
 * not know are dropped by its schema first, so they are never judged.
 */
function parseInput(schema: z.ZodType, raw: unknown, where: 'query' | 'body'): unknown {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(ErrorCode.invalid, describeIssue(parsed.error, where));
  const clean = noControlChars.safeParse(parsed.data);
  if (!clean.success) throw new ApiError(ErrorCode.invalid, describeIssue(clean.error, where));
  return parsed.data;
}

/** The JSON body, read no further than 1 MiB (code 413 past it). */
async function readBody(req: Request): Promise<unknown> {
  const text = await readBodyText(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail.invalid('body', 'must be JSON');
  }
}

/**
 * The one entry for /api/{service}/{...path}: authorise, read and validate, run, wrap in the
 * envelope. The login comes first: a caller without one learns nothing about the input rules.
 */
export async function dispatch(req: Request, service: string, pathParts: string[]): Promise<Response> {
  const requestId = randomUUID();
  const name = findCall(service, '/' + pathParts.join('/'));
  try {
    if (!name) return json({ code: ErrorCode.notFound, msg: 'unknown call' });
    const def = contract[name] as CallDef;
    if (req.method !== def.method) throw fail.invalid('method', `use ${def.method}`);
    const handler = registry[name];
    if (!handler) return json({ code: ErrorCode.notFound, msg: 'unknown call' });

    const db = await getDb();
    const now = new Date();
    const token = tokenFromHeader(req.headers.get('authorization'));
    const session = token ? await resolveSession(db, token, now) : null;
    if (def.auth && !session) throw fail.unauthorized();

    const url = new URL(req.url);
    const query = parseInput(def.query, Object.fromEntries(url.searchParams), 'query');
    const body = parseInput(def.body, def.method === 'POST' ? await readBody(req) : {}, 'body');

    const meta: RequestMeta = { ip: clientIp(req), userAgent: req.headers.get('user-agent'), requestId, url, now };
    const ctx = {
      query,
      body,
      user: session?.user ?? null,
      sessionId: session?.id ?? null,
      db,
      meta,
    };
    const data = await (handler as (c: HandlerCtx<CallName>) => unknown)(ctx as HandlerCtx<CallName>);
    if (process.env.NODE_ENV === 'test' && data !== undefined) {
      const check = def.response.safeParse(data);
      if (!check.success)
        throw new Error(`${name} answered outside its contract: ${describeIssue(check.error, 'body')}`);
    }
    const prepared = sharedEnvelope(data, req.headers.get('accept-encoding'));
    if (prepared) return preparedJson(prepared.body, prepared.gzip);
    return json(data === undefined ? { code: 1 } : { code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, name);
  }
}
