import 'server-only';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getDb, openedHandle } from '../db/client';
import { databaseGate } from '../db/availability';
import { jobCounts, type JobCount } from './job-runs';
import { FAULT_KINDS } from './fault-kinds';

/** How a page request was answered by the caches: the whole-response cache, or Next's own (x-nextjs-cache). */
export type CacheResult = 'response' | 'next-hit' | 'next-stale' | 'next-miss';

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // The server says how many requests it has open (server/http-server.ts); 0 until it does.
  let inFlight = () => 0;
  new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers,
    collect() {
      this.set(inFlight());
    },
  });
  const pageCache = new Counter({
    name: 'portal_page_cache_requests_total',
    help: 'Cacheable page requests by how they were answered: response (whole-response cache), next-hit, next-stale, next-miss (rendered)',
    labelNames: ['result'] as const,
    registers,
  });
  const invalidations = new Counter({
    name: 'portal_page_cache_invalidations_total',
    help: 'Times this instance expired cached pages because content changed through another instance (cache tags)',
    registers,
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle, waiting callers, max); absent on the embedded database',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const stats = (await openedHandle()?.catch(() => undefined))?.stats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  // Jobs run in other processes too (the command-line import), so these come from the database:
  // one read per scrape, shared by both metrics.
  let jobs: { at: number; counts: Promise<JobCount[]> } | null = null;
  // While the database is away the last counts read are shown, so /metrics still answers (and
  // says what is failing) during the outage it is needed for.
  let lastCounts: JobCount[] = [];
  const jobSnapshot = () => {
    if (!jobs || Date.now() - jobs.at > 1000)
      jobs = {
        at: Date.now(),
        counts: getDb()
          .then(jobCounts)
          .then(
            (c) => (lastCounts = c),
            () => lastCounts,
          ),
      };
    return jobs.counts;
  };
  new Gauge({
    name: 'portal_job_last_finished_timestamp_seconds',
    help: 'When the last run of each job and outcome ended (Unix time)',
    labelNames: ['job', 'outcome'] as const,
    registers,
    async collect() {
      this.reset();
      for (const r of await jobSnapshot())
        if (r.lastFinishedAt) this.set({ job: r.job, outcome: r.outcome }, r.lastFinishedAt.getTime() / 1000);
    },
  });
  new Counter({
    name: 'portal_job_runs_total',
    help: 'Runs of background jobs (import; alert; publish; refresh) recorded in the database by any process, by outcome (ok, refused, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
    async collect() {
      this.reset();
      // Both always present, so a dashboard shows 0 before the first run.
      for (const job of ['import', 'alert', 'publish', 'refresh']) this.inc({ job, outcome: 'ok' }, 0);
      for (const r of await jobSnapshot()) this.inc({ job: r.job, outcome: r.outcome }, r.runs);
    },
  });
  // docs/reliability.md: every fault met, by kind (lib/server/fleet/faults.ts).
  const faults = new Counter({
    name: 'portal_faults_total',
    help: 'Faults met by requests, by kind: database_unavailable, sms_provider, payment_provider, storage, client_timeout',
    labelNames: ['fault'] as const,
    registers,
  });
  for (const fault of FAULT_KINDS) faults.inc({ fault }, 0);
  const circuits = new Gauge({
    name: 'portal_circuit_open',
    help: 'Whether calls to an outside system are refused at once after repeated failures (1: open or half-open), by circuit',
    labelNames: ['circuit'] as const,
    registers,
  });
  new Gauge({
    name: 'portal_database_up',
    help: 'Whether this instance reaches its database (0 from the first request that found it gone until a probe finds it back)',
    registers,
    collect() {
      this.set(databaseGate().down ? 0 : 1);
    },
  });
  return {
    registry,
    faults,
    circuits,
    requests,
    duration,
    pageCache,
    invalidations,
    countInFlight: (source: () => number) => {
      inFlight = source;
    },
  };
}

// One set per process, whichever bundle asks first.
const g = globalThis as unknown as { __portalMetrics?: ReturnType<typeof create> };
export function metrics() {
  g.__portalMetrics ??= create();
  return g.__portalMetrics;
}

/** The Prometheus text exposition of every metric above. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
