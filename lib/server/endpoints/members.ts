import 'server-only';
import { handlers } from '../http/handler';
import { activeMembership } from '../services/memberships';

export const memberHandlers = handlers({
  // QueryUserMemberByUserId: the caller's own active membership, or null
  QueryUserMemberByUserId: async ({ db, user, meta }) => (await activeMembership(db, user.id, meta.now)) ?? null,
});
