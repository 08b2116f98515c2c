import 'server-only';

/**
 * When a message may go out, in the user's own time zone (docs/alerts.md, "Quiet hours and the
 * daily digest"): times of day are minutes after local midnight; a quiet period may wrap midnight
 * (22:00–07:00).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(tz: string) {
  let f = formats.get(tz);
  if (!f)
    formats.set(
      tz,
      (f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })),
    );
  return f;
}

/** Whether the IANA zone is one this runtime knows (Asia/Shanghai, Europe/Berlin …). */
export function isTimeZone(tz: string): boolean {
  try {
    formatFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** Minutes after midnight at `at` in `tz`. */
export function localMinutes(at: Date, tz: string): number {
  const parts = formatFor(tz).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `at` falls in the quiet period [from, to) of local time (none when either is null or they are equal). */
export function isQuiet(at: Date, tz: string, from: number | null, to: number | null): boolean {
  if (from === null || to === null || from === to) return false;
  const m = localMinutes(at, tz);
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** The first whole minute at or after `at` whose local time in `tz` is `minutes` after midnight. */
export function nextLocal(at: Date, tz: string, minutes: number): Date {
  const start = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  let t = new Date(start.getTime() + ((((minutes - localMinutes(start, tz)) % 1440) + 1440) % 1440) * 60_000);
  // A change of offset (summer time) on the way moves the local clock: correct once by the gap.
  const off = localMinutes(t, tz) - minutes;
  if (off !== 0) t = new Date(t.getTime() - off * 60_000);
  return t < start ? new Date(t.getTime() + 1440 * 60_000) : t;
}

/** When a message ready at `at` may go: at once, or at the end of the quiet period it falls in. */
export function notQuiet(at: Date, tz: string, from: number | null, to: number | null): Date {
  return isQuiet(at, tz, from, to) ? nextLocal(at, tz, to!) : at;
}
