import { env } from '@/lib/server/env';

/** A printable name for the database a script works on, without the password. */
export function describeTarget(kind: 'pglite' | 'postgres'): string {
  if (kind === 'pglite') {
    const { DATABASE_URL, PGLITE_DIR } = env();
    return DATABASE_URL?.startsWith('memory://') ? 'in-memory embedded database' : `embedded database ${PGLITE_DIR}`;
  }
  try {
    const u = new URL(env().DATABASE_URL ?? '');
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
