// The password-check slots (docs/accounts.md, "Password checks"): a flood fills the ordinary
// slots and line; work likely to be a real person's has kept slots and a line of its own, served first.
import { afterEach, describe, expect, it } from '@jest/globals';
import { resetEnvCache } from '@/lib/server/env';
import { keptSlots, PASSWORD_BUSY_MSG, withPasswordWork } from '@/lib/server/auth/password-work';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function configure(concurrency: number, queue: number) {
  process.env.PASSWORD_HASH_CONCURRENCY = String(concurrency);
  process.env.PASSWORD_HASH_QUEUE = String(queue);
  resetEnvCache();
}

/** A job that holds its slot until released; `state` says whether it ran, was refused, or waits. */
function job(order: string[], name: string, likelyReal = false) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let state: 'waiting' | 'running' | 'done' | string = 'waiting';
  const done = withPasswordWork(
    async () => {
      state = 'running';
      order.push(name);
      await gate;
      state = 'done';
    },
    { likelyReal },
  ).catch((e: Error) => {
    state = `refused: ${e.message}`;
  });
  return { release, done, state: () => state };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('withPasswordWork', () => {
  it('keeps a quarter of the slots, rounded up, once there are two', () => {
    expect([1, 2, 3, 4, 5, 8].map(keptSlots)).toEqual([0, 1, 1, 1, 2, 2]);
  });

  it('queues a likely-real check when the ordinary line is full, and serves it first', async () => {
    configure(1, 1);
    const order: string[] = [];
    const flood = [job(order, 'flood 1'), job(order, 'flood 2'), job(order, 'flood 3')];
    const real = job(order, 'real', true);
    await tick();
    expect(flood.map((f) => f.state())).toEqual(['running', 'waiting', `refused: ${PASSWORD_BUSY_MSG}`]);
    expect(real.state()).toBe('waiting');
    flood[0]!.release();
    await tick();
    expect(real.state()).toBe('running');
    real.release();
    await tick();
    flood[1]!.release();
    await Promise.all([...flood.map((f) => f.done), real.done]);
    expect(order).toEqual(['flood 1', 'real', 'flood 2']);
  });

  it('runs likely-real checks on the kept slots while ordinary ones wait', async () => {
    configure(2, 4);
    const order: string[] = [];
    const flood = [job(order, 'flood 1'), job(order, 'flood 2')];
    const real = job(order, 'real', true);
    await tick();
    expect([...flood.map((f) => f.state()), real.state()]).toEqual(['running', 'waiting', 'running']);
    real.release();
    await tick();
    // The kept slot freed stays kept: the ordinary one waits for an ordinary slot.
    expect(flood[1]!.state()).toBe('waiting');
    flood[0]!.release();
    await tick();
    expect(flood[1]!.state()).toBe('running');
    flood[1]!.release();
    await Promise.all([...flood.map((f) => f.done), real.done]);
  });
});
