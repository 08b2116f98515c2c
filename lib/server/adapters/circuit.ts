import 'server-only';
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  IsolatedCircuitError,
  timeout,
  TimeoutStrategy,
  wrap,
} from 'cockatiel';
import { env } from '../env';
import { metrics } from '../fleet/metrics';

/**
 * Calls to an outside provider (the SMS gateway; the payment provider), each bounded by a timeout
 * and behind a circuit breaker (cockatiel; docs/reliability.md, "Provider slow or failing"): after
 * PROVIDER_BREAKER_FAILURES failures in a row (an error, a 5xx, no answer within
 * PROVIDER_TIMEOUT_MS) the circuit opens and calls are refused at once, without waiting on the
 * provider; after PROVIDER_BREAKER_COOLDOWN_MS one call is let through, and its success closes the
 * circuit again. One circuit per provider and process.
 */
export type CircuitName = 'sms' | 'payment';

/** The provider did not serve the call: it failed, timed out, or its circuit is open (`open`). */
export class ProviderUnavailable extends Error {
  constructor(
    readonly circuit: CircuitName,
    readonly open: boolean,
    /** Seconds worth waiting before trying again. */
    readonly retryAfterSeconds: number,
    cause: unknown,
  ) {
    super(`${circuit} provider unavailable${open ? ' (circuit open)' : ''}`, { cause });
    this.name = 'ProviderUnavailable';
  }
}

function create(name: CircuitName) {
  const e = env();
  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: e.PROVIDER_BREAKER_COOLDOWN_MS,
    breaker: new ConsecutiveBreaker(e.PROVIDER_BREAKER_FAILURES),
  });
  const log = (fields: Record<string, unknown>) =>
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), circuit: name, ...fields }) + '\n');
  const gauge = metrics().circuits;
  gauge.set({ circuit: name }, 0);
  breaker.onStateChange((s) => {
    gauge.set({ circuit: name }, s === CircuitState.Closed ? 0 : 1);
    if (s === CircuitState.Open) log({ level: 'error', msg: 'circuit open', failures: e.PROVIDER_BREAKER_FAILURES });
    if (s === CircuitState.Closed) log({ level: 'info', msg: 'circuit closed' });
  });
  // Cooperative: the call gets the signal (fetch aborts), and a call that ignores it is abandoned all the same.
  const policy = wrap(breaker, timeout(e.PROVIDER_TIMEOUT_MS, TimeoutStrategy.Aggressive));
  const c = { breaker, policy, cooldownMs: e.PROVIDER_BREAKER_COOLDOWN_MS, openedAt: 0 };
  breaker.onBreak(() => (c.openedAt = Date.now()));
  return c;
}

const g = globalThis as unknown as { __portalCircuits?: Map<CircuitName, ReturnType<typeof create>> };

function circuit(name: CircuitName) {
  g.__portalCircuits ??= new Map();
  let c = g.__portalCircuits.get(name);
  if (!c) g.__portalCircuits.set(name, (c = create(name)));
  return c;
}

/**
 * Whether a call to this provider now would be refused at once: open and still cooling down, or
 * half-open with its trial call out. Once the cool-down is over the next call is the trial.
 */
export function circuitOpen(name: CircuitName, now = Date.now()): boolean {
  const c = circuit(name);
  if (c.breaker.state === CircuitState.Open) return now - c.openedAt < c.cooldownMs;
  return c.breaker.state !== CircuitState.Closed;
}

/**
 * Runs one call to the provider within its timeout and circuit. Anything but success rejects with
 * ProviderUnavailable, so the caller answers its user one clear message and keeps nothing half-made.
 */
export async function callProvider<T>(name: CircuitName, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const c = circuit(name);
  try {
    return await c.policy.execute(({ signal }) => fn(signal));
  } catch (err) {
    const open = err instanceof BrokenCircuitError || err instanceof IsolatedCircuitError;
    throw new ProviderUnavailable(name, open, retryAfter(c), err);
  }
}

/** Seconds until the circuit lets a call through again (at least 1). */
function retryAfter(c: { cooldownMs: number; openedAt: number; breaker: { state: CircuitState } }): number {
  const left = c.breaker.state === CircuitState.Closed ? 0 : c.cooldownMs - (Date.now() - c.openedAt);
  return Math.max(1, Math.ceil(left / 1000));
}

/** Seconds a caller refused because of this provider should wait before trying again. */
export function retryAfterSeconds(name: CircuitName): number {
  return retryAfter(circuit(name));
}

/** Forgets every circuit (tests that change the settings between cases). */
export function resetCircuits() {
  g.__portalCircuits?.clear();
}
