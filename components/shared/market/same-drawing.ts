/**
 * Props unchanged for drawing: the same values, or both functions (a formatter depends only on the
 * page's language, and another language brings other answers, so other rows), or both small option
 * objects with the same entries.
 */
export function sameDrawing(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (Object.is(x, y) || (typeof x === 'function' && typeof y === 'function')) continue;
    if (!isOptions(x) || !isOptions(y) || !sameDrawing(x, y)) return false;
  }
  return true;
}

const isOptions = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
