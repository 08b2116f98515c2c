import 'server-only';

// Local aliases: inside jest's vm sandbox every global lookup is slow, and these run per row.
const { imul, log, sqrt } = Math;

/** sfc32: small, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a of a string, to derive independent seeds per series from names. */
export function hash32(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded uniform generator; the same key always gives the same stream. */
export function rngFor(key: string): () => number {
  const rand = sfc32(hash32(key), hash32(key, 0x9e3779b9), hash32(key, 0x85ebca6b), hash32(key, 0xc2b2ae35));
  for (let i = 0; i < 12; i++) rand(); // warm up: the first outputs of sfc32 correlate with the seed
  return rand;
}

/** Standard normal draws by Marsaglia's polar method (no trigonometry), using both values of each pair. */
export function normalFrom(rand: () => number): () => number {
  let spare = 0;
  let hasSpare = false;
  return () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * rand() - 1;
      v = 2 * rand() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = sqrt((-2 * log(s)) / s);
    spare = v * f;
    hasSpare = true;
    return u * f;
  };
}
