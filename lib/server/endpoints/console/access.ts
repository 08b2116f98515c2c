import 'server-only';
import { eq } from 'drizzle-orm';
import { revokeSession } from '../../auth/sessions';
import { sessions } from '../../db/schema';
import { handlers } from '../../http/handler';
import { login } from '../../services/accounts/login';

export const consoleAccessHandlers = handlers({
  // The site's login rules (limits, lock-outs) with a console session: 12 hours, staff only.
  ConsoleLogin: async ({ db, body, meta }) => {
    const s = await login(db, body, meta, 'console');
    return { token: s.token, expiresAt: s.expiresAt, roles: s.roles };
  },
  ConsoleMe: async ({ db, user, sessionId }) => {
    const [s] = await db
      .select({ endsAt: sessions.absoluteExpiresAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return {
      id: user.id,
      phone: user.phone,
      nickname: user.nickname,
      roles: user.roles,
      expiresAt: (s?.endsAt ?? new Date()).toISOString(),
    };
  },
  ConsoleLogout: async ({ db, sessionId, meta }) => {
    await revokeSession(db, sessionId, meta.now);
  },
});
