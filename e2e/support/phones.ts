// Phone numbers nobody else uses in this run: `19` + worker (2 digits) + a
// per-process random run id (4) + a counter (3). Workers never collide; the
// random part keeps a reused local server's earlier registrations out of the way.
// Demo accounts live under 138…, so they never collide either.
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 100;
const run = Math.floor(Math.random() * 10_000);
let counter = 0;

export function uniquePhone(): string {
  counter = (counter + 1) % 1000;
  return `19${String(worker).padStart(2, '0')}${String(run).padStart(4, '0')}${String(counter).padStart(3, '0')}`;
}
