import 'server-only';
import type { z } from 'zod';
import { contract, findCall, type CallDef, type CallName } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { resolveSession, tokenFromHeader } from '../auth/sessions';
import { getDb } from '../db/client';
import { registry } from '../endpoints';
import { ApiError, fail, httpStatusOf } from '../errors';
import { clientIp } from './client-ip';
import type { HandlerCtx, RequestMeta } from './handler';
import { requestIdFrom } from './request-id';
import { json, preparedJson } from './respond';
import { PASS_ENCODING_HEADER, sharedEnvelope } from './shared-answer';

const MAX_BODY_BYTES = 1024 * 1024;

/** Names the first failing field, e.g. `phone: must be a mainland mobile number`. */
export function describeIssue(error: z.ZodError, where: 'query' | 'body'): string {
  const issue = error.issues[0];
  if (!issue) return `${where}: is invalid`;
  const field = issue.path.length ? issue.path.join('.') : where;
  const msg = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return `${field}: ${msg}`;
}

async function readBody(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw fail.invalid('body', 'is too large');
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw fail.invalid('body', 'is too large');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail.invalid('body', 'must be JSON');
  }
}

/** The one entry for /api/{service}/{...path}: validate, authorise, run, wrap in the envelope. */
export async function dispatch(req: Request, service: string, pathParts: string[]): Promise<Response> {
  // scripts/server.mjs gives every request its id (the one in its log line).
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  const name = findCall(service, '/' + pathParts.join('/'));
  try {
    if (!name) return json({ code: ErrorCode.notFound, msg: 'unknown call' });
    const def = contract[name] as CallDef;
    if (req.method !== def.method) throw fail.invalid('method', `use ${def.method}`);
    const handler = registry[name];
    if (!handler) return json({ code: ErrorCode.notFound, msg: 'unknown call' });

    const url = new URL(req.url);
    const query = def.query.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) throw new ApiError(ErrorCode.invalid, describeIssue(query.error, 'query'));
    const rawBody = def.method === 'POST' ? await readBody(req) : {};
    const body = def.body.safeParse(rawBody);
    if (!body.success) throw new ApiError(ErrorCode.invalid, describeIssue(body.error, 'body'));

    const db = await getDb();
    const now = new Date();
    const token = tokenFromHeader(req.headers.get('authorization'));
    const session = token ? await resolveSession(db, token, now) : null;
    if (def.auth && !session) throw fail.unauthorized();

    const meta: RequestMeta = { ip: clientIp(req), userAgent: req.headers.get('user-agent'), requestId, url, now };
    const ctx = {
      query: query.data,
      body: body.data,
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
    const prepared = sharedEnvelope(data, req.headers.get('accept-encoding'), req.headers.has(PASS_ENCODING_HEADER));
    if (prepared) return preparedJson(prepared.body, prepared.gzip);
    return json(data === undefined ? { code: 1 } : { code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, name);
  }
}

export function errorResponse(e: unknown, requestId: string, name?: string): Response {
  if (e instanceof ApiError) {
    const body =
      e.data === undefined ? { code: e.code, msg: e.message } : { code: e.code, msg: e.message, data: e.data };
    return json(body, httpStatusOf(e.code));
  }
  console.error(`[${requestId}] ${name ?? 'request'} failed:`, e);
  return json({ code: ErrorCode.internal, msg: `Something went wrong on our side (request ${requestId}).` }, 500);
}
