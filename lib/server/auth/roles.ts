import 'server-only';
import type { Role } from '@/lib/api/contract';
import type { SessionUser } from './sessions';

/**
 * Whether an account holds a role of the contract (docs/access-policy.md). Every logged-in account
 * is a `user`; `staff` is the flag set from the command line. The console's finer staff roles are
 * answered here too, so the dispatcher stays the one place that checks them.
 */
export function hasRole(user: SessionUser, role: Role): boolean {
  switch (role) {
    case 'user':
      return true;
    case 'staff':
      return user.isStaff;
  }
}
