/** The console's sign-in page, coming back to `from` afterwards (console paths only). */
export function loginPathFor(from: string, expired = false): string {
  const q = new URLSearchParams();
  if (from.startsWith('/console') && !from.startsWith('/console/login')) q.set('next', from);
  if (expired) q.set('expired', '1');
  const s = q.toString();
  return `/console/login${s ? `?${s}` : ''}`;
}

/** Where to go after signing in: the `next` console path, else the dashboard. */
export function afterLoginPath(next: string | null): string {
  return next && /^\/console(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/console';
}
