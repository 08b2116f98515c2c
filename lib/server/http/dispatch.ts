import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { contract, findCall, type CallDef, type CallName, type Role } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { hasRole } from '../auth/roles';
import { resolveSession, tokenFromHeader } from '../auth/sessions';
import { getDb } from '../db/client';
import { env } from '../env';
import { registry } from '../endpoints';
import { ApiError, fail, httpStatusOf } from '../errors';
import { clientIp } from './client-ip';
import type { Handler, HandlerCtx, RequestMeta } from './handler';
import { json, preparedJson } from './respond';
import { sharedEnvelope } from './shared-answer';

const MAX_BODY_BYTES = 1024 * 1024;

/** What a logged-in caller without the call's role is told (a customer calling a staff call). */
const ROLE_REFUSAL: Record<Role, string> = {
  user: 'Please log in first.',
  staff: 'This is for staff only.',
};

const CHECK_ANSWERS = () => env().NODE_ENV !== 'production';

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
  const requestId = randomUUID();
  const name = findCall(service, '/' + pathParts.join('/'));
  try {
    if (!name) return json({ code: ErrorCode.notFound, msg: 'unknown call' });
    const def = contract[name] as CallDef;
    if (req.method !== def.method) throw fail.invalid('method', `use ${def.method}`);
    // Every declared call has its handler: the registry's type requires one per call.
    const handler = registry[name] as Handler<CallName>;

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
    if (def.auth !== 'public') {
      if (!session) throw fail.unauthorized();
      if (!hasRole(session.user, def.auth)) throw fail.forbidden(ROLE_REFUSAL[def.auth]);
    }

    const meta: RequestMeta = { ip: clientIp(req), userAgent: req.headers.get('user-agent'), requestId, url, now };
    const ctx = {
      query: query.data,
      body: body.data,
      user: session?.user ?? null,
      sessionId: session?.id ?? null,
      db,
      meta,
    };
    const data = await handler(ctx as HandlerCtx<CallName>);
    // Outside production every answer is checked against the contract, so a handler cannot drift
    // from the types the client is built on (the tests and `npm run dev` both run this way).
    if (CHECK_ANSWERS() && data !== undefined) {
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

export function errorResponse(e: unknown, requestId: string, name?: string): Response {
  if (e instanceof ApiError) {
    const body =
      e.data === undefined ? { code: e.code, msg: e.message } : { code: e.code, msg: e.message, data: e.data };
    return json(body, httpStatusOf(e.code));
  }
  console.error(`[${requestId}] ${name ?? 'request'} failed:`, e);
  return json({ code: ErrorCode.internal, msg: `Something went wrong on our side (request ${requestId}).` }, 500);
}
