// `npm run staff:grant -- <phone> <role…>`: sets an account's console roles to exactly those
// named (admin, editor, contributor, data, support); `--revoke` takes every role away. A change
// ends the member's console logins. There is deliberately no web route for this
// (docs/access-policy.md "Staff roles").
import { closeDb, getHandle } from '@/lib/server/db/client';
import { phoneSchema } from '@/lib/api/schemas/common';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@/lib/api/console/roles';
import { setRoles } from '@/lib/server/services/accounts/staff';

const USAGE = `usage: npm run staff:grant -- <phone> <role…> | <phone> --revoke   (roles: ${STAFF_ROLES.join(', ')})`;

function parse(args: string[]): { phone: string; roles: StaffRole[] } | string {
  const revoke = args.includes('--revoke');
  const [first, ...rest] = args.filter((a) => a !== '--revoke');
  const phone = phoneSchema.safeParse(first ?? '');
  if (!phone.success) return `"${first ?? ''}" is not a mainland mobile number`;
  if (revoke) return rest.length ? '--revoke takes no roles' : { phone: phone.data, roles: [] };
  if (!rest.length) return 'name at least one role, or --revoke';
  const unknown = rest.filter((r) => !isStaffRole(r));
  if (unknown.length) return `unknown role(s): ${unknown.join(', ')}`;
  return { phone: phone.data, roles: rest as StaffRole[] };
}

async function main() {
  const parsed = parse(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(`staff:grant: ${parsed}\n${USAGE}`);
    process.exit(2);
  }
  const { db } = await getHandle();
  try {
    const c = await setRoles(db, parsed.phone, parsed.roles);
    if (!c) {
      console.error(`staff:grant: no account has the phone ${parsed.phone}; register it first.`);
      process.exitCode = 1;
      return;
    }
    const list = (r: string[]) => (r.length ? r.join(', ') : 'none');
    console.log(`staff:grant: ${c.phone} (${c.nickname}) roles: ${list(c.before)} → ${list(c.after)}`);
    if (c.endedSessions) console.log(`  ended ${c.endedSessions} console login(s): they log in again`);
  } finally {
    await closeDb();
  }
}

main().catch((e) => {
  console.error('staff:grant failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
