import 'server-only';
import type { z } from 'zod';
import { contract, findCall, type CallDef, type CallName, type Role } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { hasRole } from '../auth/roles';
import { resolveSession, tokenFromHeader } from '../auth/sessions';
import { getDb } from '../db/client';
import { env } from '../env';
import { registry } from '../endpoints';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { ApiError, englishOf, fail, httpStatusOf } from '../errors';
import { issueMessage } from './issue-message';
import { clientIp } from './client-ip';
import type { Handler, HandlerCtx, RequestMeta } from './handler';
import { requestIdFrom } from './request-id';
import { json, preparedJson } from './respond';
import { PASS_ENCODING_HEADER, sharedEnvelope } from './shared-answer';

const MAX_BODY_BYTES = 1024 * 1024;

/** What a logged-in caller without the call's role is told (a customer calling a staff call). */
const ROLE_REFUSAL: Record<Role, MessageRef> = {
  user: msg('errors.loginFirst'),
  staff: msg('errors.staffOnly'),
};

const CHECK_ANSWERS = () => env().NODE_ENV !== 'production';

/** Names the first failing field, e.g. `phone: must be a mainland mobile number`. */
export function describeIssue(error: z.ZodError, where: 'query' | 'body'): string {
  const m = issueMessage(error, where);
  return typeof m === 'string' ? m : englishOf(m);
}

async function readBody(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw fail.invalid('body', msg('validation.tooLarge'));
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw fail.invalid('body', msg('validation.tooLarge'));
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw fail.invalid('body', msg('validation.json'));
  }
}

/** The one entry for /api/{service}/{...path}: validate, authorise, run, wrap in the envelope. */
export async function dispatch(req: Request, service: string, pathParts: string[]): Promise<Response> {
  // scripts/server.mjs gives every request its id (the one in its log line).
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  const name = findCall(service, '/' + pathParts.join('/'));
  try {
    if (!name) throw fail.notFound(msg('errors.unknownCall'));
    const def = contract[name] as CallDef;
    if (req.method !== def.method) throw fail.invalid('method', msg('validation.method', { method: def.method }));
    // Every declared call has its handler: the registry's type requires one per call.
    const handler = registry[name] as Handler<CallName>;

    const url = new URL(req.url);
    const query = def.query.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) throw new ApiError(ErrorCode.invalid, issueMessage(query.error, 'query'));
    const rawBody = def.method === 'POST' ? await readBody(req) : {};
    const body = def.body.safeParse(rawBody);
    if (!body.success) throw new ApiError(ErrorCode.invalid, issueMessage(body.error, 'body'));

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
    const prepared = sharedEnvelope(data, req.headers.get('accept-encoding'), req.headers.has(PASS_ENCODING_HEADER));
    if (prepared) return preparedJson(prepared.body, prepared.gzip);
    return json(data === undefined ? { code: 1 } : { code: 1, data });
  } catch (e) {
    return errorResponse(e, requestId, name);
  }
}

/** The failure envelope: `msg` in English, and the message's key and parameters when it has them. */
export function failureBody(e: ApiError) {
  return {
    code: e.code,
    msg: e.message,
    ...(e.ref && { msgKey: e.ref.key, ...(e.ref.params && { msgParams: e.ref.params }) }),
    ...(e.data !== undefined && { data: e.data }),
  };
}

export function errorResponse(e: unknown, requestId: string, name?: string): Response {
  if (e instanceof ApiError) return json(failureBody(e), httpStatusOf(e.code));
  console.error(`[${requestId}] ${name ?? 'request'} failed:`, e);
  return json(failureBody(new ApiError(ErrorCode.internal, msg('errors.internal', { requestId }))), 500);
}
