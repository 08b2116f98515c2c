/** A printable name for the database a script works on, without the password. */
export function describeTarget(kind: 'pglite' | 'postgres'): string {
  if (kind === 'pglite') {
    const memory = process.env.DATABASE_URL?.startsWith('memory://');
    return memory ? 'in-memory embedded database' : `embedded database ${process.env.PGLITE_DIR || '.data/pglite'}`;
  }
  try {
    const u = new URL(process.env.DATABASE_URL ?? '');
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
