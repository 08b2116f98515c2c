// The one fake clock of the test suites.
import { jest } from '@jest/globals';

/**
 * Fakes only `Date` (timers stay real: the database and jest need them), so the
 * server's "now" can be moved like a wall clock: `at(ms)` sets it, `advance(ms)` moves it.
 */
export function fakeClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  jest.useFakeTimers({
    now: start,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  let t = start;
  return {
    now: () => t,
    at(ms: number) {
      t = ms;
      jest.setSystemTime(t);
    },
    advance(ms: number) {
      t += ms;
      jest.setSystemTime(t);
    },
    restore: () => jest.useRealTimers(),
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
