import 'server-only';
import type { CallName, Contract, ParsedBodyOf, ParsedQueryOf, ResponseOf } from '@/lib/api/contract';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';

export type RequestMeta = { ip: string | null; userAgent: string | null; requestId: string; url: URL; now: Date };

export type HandlerCtx<N extends CallName> = {
  query: ParsedQueryOf<N>;
  body: ParsedBodyOf<N>;
  /** Present on every call the contract marks `auth: true` (the dispatch answers 401 otherwise). */
  user: Contract[N]['auth'] extends true ? SessionUser : SessionUser | null;
  sessionId: Contract[N]['auth'] extends true ? string : string | null;
  db: Db;
  meta: RequestMeta;
};

export type Handler<N extends CallName> = (
  ctx: HandlerCtx<N>,
) => Promise<ResponseOf<N> | undefined> | ResponseOf<N> | undefined;
export type HandlerMap = { [N in CallName]?: Handler<N> };

/** Keeps each domain's handler map typed against the contract. */
export const handlers = <M extends HandlerMap>(m: M) => m;
