/**
 * The console's article previews (docs/console.md "Preview"): /preview/news/<token> in the
 * desktop chrome and /mobilePreview/news/<token> in the phone's, whatever device asks, so the
 * console can show both. Only the console's own pages may frame them (proxy.ts, next.config.ts).
 */
export function isPreviewPath(path: string): boolean {
  return /^\/(?:preview|mobilePreview)\/news\//.test(path);
}
