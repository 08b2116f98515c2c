import 'server-only';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditPage, AuditQuery } from '@/lib/api/console/schemas/audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { auditLog } from '../../db/schema';
import type { AuditEntry, RequestMeta } from '../../http/handler';

export type Actor = { id: string | null; phone: string | null; name: string };
export const actorOf = (u: SessionUser): Actor => ({ id: u.id, phone: u.phone, name: u.nickname });

/** A value as the audit log keeps it: plain JSON (dates as ISO strings, no undefined). */
function plain(v: unknown): unknown {
  if (v === undefined) return null;
  return JSON.parse(JSON.stringify(v, (_k, x) => (x instanceof Date ? x.toISOString() : x)) ?? 'null');
}

/** Writes audit records in the transaction of the change they record (docs/console.md "Audit log"). */
export async function writeAudit(
  tx: Db | Tx,
  action: string,
  actor: Actor,
  entries: readonly AuditEntry[],
  meta: Pick<RequestMeta, 'ip' | 'requestId' | 'now'> | { ip: null; requestId: null; now: Date },
) {
  if (!entries.length) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      at: meta.now,
      actorId: actor.id,
      actorPhone: actor.phone,
      actorName: actor.name,
      action,
      entity: e.entity,
      entityId: String(e.entityId),
      before: plain(e.before),
      after: plain(e.after),
      reason: e.reason ?? null,
      ip: meta.ip,
      requestId: meta.requestId,
    })),
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ConsoleAuditLog: newest first, filtered; the same query pages the screen and the export. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditPage> {
  const conds: (SQL | undefined)[] = [];
  if (q.action) conds.push(eq(auditLog.action, q.action));
  if (q.entity) conds.push(eq(auditLog.entity, q.entity));
  if (q.entityId) conds.push(eq(auditLog.entityId, q.entityId));
  if (q.from) conds.push(gte(auditLog.at, new Date(q.from)));
  if (q.to) conds.push(lt(auditLog.at, new Date(q.to)));
  if (q.before) conds.push(lt(auditLog.id, q.before));
  if (q.actor) {
    const like = `%${escapeLike(q.actor)}%`;
    conds.push(or(ilike(auditLog.actorPhone, like), ilike(auditLog.actorName, like)));
  }
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(
      or(
        ilike(auditLog.entityId, like),
        ilike(auditLog.reason, like),
        sql`${auditLog.before}::text ILIKE ${like}`,
        sql`${auditLog.after}::text ILIKE ${like}`,
      ),
    );
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conds))
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorName: r.actorName,
      actorPhone: r.actorPhone,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before === null ? null : jsonColumn(r.before as unknown),
      after: r.after === null ? null : jsonColumn(r.after as unknown),
      reason: r.reason,
      ip: r.ip,
    })),
    next: more ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The actions and entities recorded so far (the screen's filters). */
export async function auditFacets(db: Db) {
  const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  const entities = await db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return { actions: actions.map((a) => a.v), entities: entities.map((e) => e.v) };
}
