export type PagePattern = readonly [path: string, type: 'page' | 'layout'];
export type TagRegistry = { manifest: Map<string, { expired?: number; stale?: number }>; prefix: string };

export function tagRegistry(requireFromApp: (id: string) => unknown): TagRegistry | null;
export function tagOf(prefix: string, pattern: PagePattern): string;
export function expirePages(registry: TagRegistry, patterns: readonly PagePattern[], now?: number): void;
