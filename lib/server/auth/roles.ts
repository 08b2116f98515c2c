import 'server-only';
import { rolesAllow } from '@/lib/api/console/roles';
import type { Access } from '@/lib/api/contract';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { fail } from '../errors';
import type { Session } from './sessions';

/**
 * Whether a session may make a call of this `auth` (docs/access-policy.md): the one place the
 * contract's roles are checked, by the dispatcher before any handler runs. Without a login: 401.
 * A logged-in account without the role: 403 (a customer calling a console call, an editor calling
 * a refund). A console call also needs a console login, which lasts 12 hours: a member holding the
 * role but signed in to the site only, or whose console login ended, gets 401 and logs in again.
 */
export function authorise(session: Session | null, auth: Access): void {
  if (auth === 'public') return;
  if (!session) throw fail.unauthorized();
  const { user } = session;
  if (auth === 'user') return;
  if (auth === 'staff') {
    if (!user.isStaff) throw fail.forbidden(msg('errors.staffOnly'));
    return;
  }
  if (!rolesAllow(user.roles, auth)) throw fail.forbidden(refusal(user.isStaff));
  if (session.kind !== 'console') throw fail.unauthorized();
}

const refusal = (staff: boolean): MessageRef => (staff ? msg('console.roleMissing') : msg('errors.staffOnly'));
