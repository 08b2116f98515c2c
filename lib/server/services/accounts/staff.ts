import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Marks an account as staff (or takes it back). Command line only
 * (`npm run staff:grant`): no call of the contract can set the flag.
 * Null when no account has that phone.
 */
export async function setStaff(db: Db, phone: string, isStaff: boolean, now = new Date()) {
  const [u] = await db
    .update(users)
    .set({ isStaff, updatedAt: now })
    .where(eq(users.phone, phone))
    .returning({ id: users.id, phone: users.phone, nickname: users.nickname, isStaff: users.isStaff });
  return u ?? null;
}
