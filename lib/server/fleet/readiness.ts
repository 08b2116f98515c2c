import 'server-only';
import { sql } from 'drizzle-orm';
import { getHandle } from '../db/client';
import { appliedMigrations, committedMigrations } from '../db/migrate';

export type Readiness =
  | { ready: true; migrations: number }
  | { ready: false; reason: 'database unreachable' | 'migrations pending'; applied?: number; expected?: number };

const TIMEOUT_MS = 2000;
// A load balancer polls every few seconds; anyone else asking more often gets the last answer.
const REUSE_MS = 1000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve: its database answers and has every migration this release
 * carries (or more: a newer release migrated first during a rolling update).
 */
export async function checkReadiness(expected = committedMigrations()): Promise<Readiness> {
  try {
    const applied = await withTimeout(
      (async () => {
        const { db } = await getHandle();
        await db.execute(sql`select 1`);
        return appliedMigrations(db);
      })(),
      TIMEOUT_MS,
    );
    if (applied >= expected) return { ready: true, migrations: applied };
    // Here, not in the answer: /readyz is public and says only that it is not ready and why.
    console.warn(`[readyz] migrations pending: ${applied} applied, this release carries ${expected}`);
    return { ready: false, reason: 'migrations pending', applied, expected };
  } catch (e) {
    console.error(`[readyz] database unreachable: ${e instanceof Error ? e.message : e}`);
    return { ready: false, reason: 'database unreachable' };
  }
}

/** checkReadiness, asked at most once a second (concurrent askers share one check). */
export function readinessProbe(check: () => Promise<Readiness> = checkReadiness) {
  let last: { at: number; answer: Promise<Readiness> } | null = null;
  return (now = Date.now()): Promise<Readiness> => {
    if (!last || now - last.at >= REUSE_MS) last = { at: now, answer: check() };
    return last.answer;
  };
}
