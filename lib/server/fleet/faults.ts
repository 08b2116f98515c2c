import 'server-only';
import type { FaultKind } from './fault-kinds';
import { metrics } from './metrics';

export { FAULT_KINDS, type FaultKind } from './fault-kinds';

/** Why an error happened, in one line: the codes and messages of it and its causes. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown };
    const text = [typeof x.code === 'string' ? x.code : null, typeof x.message === 'string' ? x.message : String(e)]
      .filter(Boolean)
      .join(' ');
    if (text && !parts.includes(text)) parts.push(text.slice(0, 300));
    e = x.cause;
  }
  return parts.join(' ← ');
}

/**
 * One fault met by one request (or connection): one JSON log line naming the fault and the
 * request id, and one more on `portal_faults_total{fault}`.
 */
export function recordFault(fault: FaultKind, fields: { id: string; error?: unknown } & Record<string, unknown>) {
  metrics().faults.inc({ fault });
  const { error, ...rest } = fields;
  process.stdout.write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'warn',
      msg: 'fault',
      fault,
      ...rest,
      ...(error !== undefined ? { error: describeError(error) } : {}),
    }) + '\n',
  );
}
