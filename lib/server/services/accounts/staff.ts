import 'server-only';
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@/lib/api/console/roles';
import { revokeAllSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type RoleChange = {
  id: string;
  phone: string;
  nickname: string;
  before: StaffRole[];
  after: StaffRole[];
  /** Console logins ended because the roles changed. */
  endedSessions: number;
};

const ordered = (roles: Iterable<string>) => STAFF_ROLES.filter((r) => new Set(roles).has(r));

/**
 * Sets an account's console roles to exactly `roles` (none: no longer staff). Command line only
 * (`npm run staff:grant`): no call of the contract can change them. A change ends the member's
 * console logins in the same transaction, so what they may do is never decided by a role they
 * lost (docs/access-policy.md "Staff roles"). Null when no account has that phone.
 */
export async function setRoles(db: Db, phone: string, roles: readonly StaffRole[], now = new Date()) {
  return db.transaction(async (tx): Promise<RoleChange | null> => {
    const [u] = await tx
      .select({ id: users.id, phone: users.phone, nickname: users.nickname, roles: users.roles })
      .from(users)
      .where(eq(users.phone, phone))
      .for('update');
    if (!u) return null;
    const before = ordered(u.roles);
    const after = ordered(roles);
    const changed = before.join() !== after.join();
    let endedSessions = 0;
    if (changed) {
      await tx.update(users).set({ roles: after, updatedAt: now }).where(eq(users.id, u.id));
      endedSessions = (await revokeAllSessions(tx, u.id, now, 'console')).length;
    }
    return { id: u.id, phone: u.phone, nickname: u.nickname, before, after, endedSessions };
  });
}
