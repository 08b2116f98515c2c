/** Fen as yuan: ¥39.00. Money is integer fen everywhere (docs/architecture.md). */
export const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** mm:ss of a remaining time. */
export const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
};

/** A price or ratio to four decimals, as every market answer gives it. */
export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Text to match literally inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const pad2 = (n: number) => String(n).padStart(2, '0');
