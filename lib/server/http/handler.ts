import 'server-only';
import type { CallName, Contract, ParsedBodyOf, ParsedQueryOf, ResponseOf } from '@/lib/api/contract';
import type { Viewer } from '../access/market-policy';
import type { SessionKind, SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { SharedAnswer } from './shared-answer';

export type RequestMeta = { ip: string | null; userAgent: string | null; requestId: string; url: URL; now: Date };

/** Whether the call needs a login (any role): its handler then always has a user. */
type LoggedIn<N extends CallName> = Contract[N]['auth'] extends 'public' ? false : true;

/** What a console write records (lib/server/services/console/audit.ts): the record before and after. */
export type AuditEntry = {
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
  reason?: string | null;
};

/** Given to the handlers of console writes (`audit: true` in the contract), which run in a transaction. */
type WriteCtx = {
  /** Records the change in the audit log, in the handler's transaction. */
  audit: (entry: AuditEntry) => void;
  /** Says the write found nothing to change (a repeated refund): it then needs no audit record. */
  unchanged: () => void;
  /** Runs once the transaction has committed, with the database (cache expiry: never before the change is visible). */
  afterCommit: (fn: (db: Db) => Promise<unknown> | unknown) => void;
};

export type HandlerCtx<N extends CallName> = BaseCtx<N> & (Contract[N] extends { audit: true } ? WriteCtx : unknown);

type BaseCtx<N extends CallName> = {
  query: ParsedQueryOf<N>;
  body: ParsedBodyOf<N>;
  /** Present on every call whose `auth` names a role (the dispatch refuses the call otherwise). */
  user: LoggedIn<N> extends true ? SessionUser : SessionUser | null;
  sessionId: LoggedIn<N> extends true ? string : string | null;
  sessionKind: LoggedIn<N> extends true ? SessionKind : SessionKind | null;
  /** Who is asking, as the access policy sees them (anonymous without a login), read with the session. */
  viewer: Viewer;
  db: Db;
  meta: RequestMeta;
};

/** What a handler answers: the response, the same kept as bytes for many requests, or nothing. */
export type Answer<N extends CallName> = ResponseOf<N> | SharedAnswer<ResponseOf<N>> | undefined;

export type Handler<N extends CallName> = (ctx: HandlerCtx<N>) => Promise<Answer<N>> | Answer<N>;

/** Exactly one handler per declared call. */
export type Registry = { [N in CallName]: Handler<N> };
type Some = Partial<Registry>;

/** Keeps a domain's handler map typed against the contract; a key that is no call is an error. */
export const handlers = <M extends Some>(m: M & { [K in Exclude<keyof M, CallName>]: never }): M => m;

type Keys<Ms> = Ms extends readonly [infer H, ...infer R] ? keyof H | Keys<R> : never;
type Duplicates<Ms> = Ms extends readonly [infer H, ...infer R] ? (keyof H & Keys<R>) | Duplicates<R> : never;
type Merged<Ms> = Ms extends readonly [infer H, ...infer R] ? H & Merged<R> : unknown;
/** Fails to match (naming the calls) when two maps handle the same call. */
type NoDuplicates<Ms> = [Duplicates<Ms>] extends [never] ? unknown : { handledTwice: Duplicates<Ms> };

/**
 * The domain maps as one registry. A call handled by two maps is a type error here, naming the
 * call; a call handled by none is one where the result is declared a `Registry`.
 */
export function registryOf<const Ms extends readonly Some[]>(...maps: Ms & NoDuplicates<Ms>): Merged<Ms> {
  return Object.assign({}, ...maps) as Merged<Ms>;
}
