// `npm run staff:grant -- <phone> [--revoke]`: marks an account as staff (they then see
// every feedback on /feedback and reply in its thread), or takes it back. There is
// deliberately no web route for this.
import { closeDb, getHandle } from '@/lib/server/db/client';
import { phoneSchema } from '@/lib/api/schemas/common';
import { setStaff } from '@/lib/server/services/accounts/staff';

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes('--revoke');
  const rest = args.filter((a) => a !== '--revoke');
  const phone = phoneSchema.safeParse(rest[0] ?? '');
  if (rest.length !== 1 || !phone.success) {
    console.error('usage: npm run staff:grant -- <phone> [--revoke]   (a registered mainland mobile number)');
    process.exit(2);
  }
  const { db } = await getHandle();
  try {
    const u = await setStaff(db, phone.data, !revoke);
    if (!u) {
      console.error(`staff:grant: no account has the phone ${phone.data}; register it first.`);
      process.exitCode = 1;
      return;
    }
    console.log(`staff:grant: ${u.phone} (${u.nickname}) ${u.isStaff ? 'is now staff' : 'is no longer staff'}`);
  } finally {
    await closeDb();
  }
}

main().catch((e) => {
  console.error('staff:grant failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
