import 'server-only';
import { eq } from 'drizzle-orm';
import type { RegisterBody, RetrieveBody } from '@/lib/api/schemas/user';
import { hashPassword } from '../../auth/password';
import { withPasswordWork } from '../../auth/password-work';
import { createSession, revokeAllSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fail } from '../../errors';
import { clearLoginFailures } from './login';
import { checkCode, useCode } from './sms-codes';
import { msg } from '@/lib/i18n/server-messages';

type Meta = { ip: string | null; userAgent: string | null; now: Date };

export const defaultNickname = (phone: string) => `用户${phone.slice(-4)}`;

function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** UserRegist: uses the code, creates the account and logs it in. */
export async function register(db: Db, body: RegisterBody, meta: Meta) {
  const checked = await checkCode(db, {
    phone: body.phone,
    code: body.code,
    purpose: 'register',
    ip: meta.ip,
    now: meta.now,
  });
  // The code is used up once the hashing slot is held: when the server is too busy, it is still
  // there for the retry. A right code is likely its owner: places of its own in the line.
  const passwordHash = await withPasswordWork(
    async () => {
      await useCode(db, checked, meta.now);
      return hashPassword(body.password);
    },
    { likelyReal: true },
  );
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          phone: body.phone,
          passwordHash,
          nickname: body.nickname ?? defaultNickname(body.phone),
          createdAt: meta.now,
          updatedAt: meta.now,
        })
        .returning({ id: users.id });
      return createSession(tx as unknown as Db, user!.id, meta, meta.now);
    });
  } catch (e) {
    // Reachable only with a valid code, i.e. by whoever holds the phone, so this is no enumeration leak.
    if (isUniqueViolation(e)) throw fail.conflict(msg('accounts.phoneTaken'));
    throw e;
  }
}

/** RetrievePassWord: uses the code, sets the password and ends every session of the account. */
export async function retrievePassword(db: Db, body: RetrieveBody, meta: Meta) {
  const checked = await checkCode(db, {
    phone: body.phone,
    code: body.code,
    purpose: 'retrieve',
    ip: meta.ip,
    now: meta.now,
  });
  const passwordHash = await withPasswordWork(
    async () => {
      await useCode(db, checked, meta.now);
      return hashPassword(body.password);
    },
    { likelyReal: true },
  );
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: meta.now })
    .where(eq(users.phone, body.phone))
    .returning({ id: users.id });
  // A retrieval code is only ever sent to a registered number; the account may have gone since.
  if (!user) throw fail.generic(msg('accounts.codeGone'));
  await revokeAllSessions(db, user.id, meta.now);
  await clearLoginFailures(db, body.phone);
}
