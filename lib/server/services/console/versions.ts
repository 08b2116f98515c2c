import 'server-only';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * The saved versions of a news article or a document are its audit records (docs/console.md
 * "Content" and "Documents"): each save records the record as it became, and the log cannot be
 * edited.
 */
export type VersionEntity = 'news' | 'document';

/** One audit record as a version: who saved it when, and the record as it became (`after`). */
export type VersionRow = { id: number; at: Date; actorName: string; action: string; after: unknown };

/** What every version shows whatever it is a version of; `s` is the record as saved. */
export const versionHead = (r: VersionRow, s: { version?: number }) => ({
  auditId: r.id,
  at: r.at.toISOString(),
  actorName: r.actorName,
  action: r.action,
  version: s.version ?? null,
});

const rows = (db: Db | Tx, entity: VersionEntity, id: number, auditId?: number) =>
  db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorName: auditLog.actorName,
      action: auditLog.action,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(id)),
        isNotNull(auditLog.after),
        auditId ? eq(auditLog.id, auditId) : undefined,
      ),
    );

/** A record's versions, newest first (the last 200). */
export const listVersions = (db: Db | Tx, entity: VersionEntity, id: number): Promise<VersionRow[]> =>
  rows(db, entity, id).orderBy(desc(auditLog.id)).limit(200);

/** One version of this record by its audit id; undefined when that audit record is not one. */
export async function findVersion(
  db: Db | Tx,
  entity: VersionEntity,
  id: number,
  auditId: number,
): Promise<VersionRow | undefined> {
  const [row] = await rows(db, entity, id, auditId);
  return row;
}
