// Messages browsers and bundlers use when a script or style chunk cannot be
// fetched (webpack, Turbopack, native dynamic import in Chrome/Firefox/Safari).
const CHUNK_MESSAGES = [
  /Loading chunk [\w./-]+ failed/i,
  /Loading CSS chunk/i,
  /Failed to load chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** Whether an error is a failed lazy load of a script or style chunk (docs/screens.md). */
export function isChunkLoadError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return typeof err === 'string' && CHUNK_MESSAGES.some((re) => re.test(err));
  const { name, message } = err as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_MESSAGES.some((re) => re.test(message));
}
