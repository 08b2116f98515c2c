import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/**
 * A JS array as ONE bind parameter (drizzle's template would spread it into `($1, $2, …)`):
 * write `${arr(xs)}::text[]`. Both drivers send it as a PostgreSQL array, so a whole batch
 * goes through `unnest(…)` in one statement whatever its size.
 */
export function arr(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}
