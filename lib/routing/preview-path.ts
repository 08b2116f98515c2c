/**
 * The console's previews of articles and documents (docs/console.md "Preview"):
 * /preview/{news|docs}/<token> in the desktop chrome and /mobilePreview/{news|docs}/<token> in the
 * phone's, whatever device asks, so the console can show both. Only the console's own pages may frame them (proxy.ts, next.config.ts).
 */
export function isPreviewPath(path: string): boolean {
  return /^\/(?:preview|mobilePreview)\/(?:news|docs)\//.test(path);
}
