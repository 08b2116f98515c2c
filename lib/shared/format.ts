/** Fen as yuan: ¥39.00. Money is integer fen everywhere (docs/architecture.md). */
export const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** mm:ss of a remaining time. */
export const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
};

export const pad2 = (n: number) => String(n).padStart(2, '0');
