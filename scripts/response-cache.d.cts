import type { IncomingMessage, ServerResponse } from 'node:http';

type Headers = Record<string, string | string[] | number | undefined>;
export type Entry = { status: number; headers: Headers; body: Buffer; expires: number };

export function keyOf(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null;
export function ttlOf(status: number, headers: Headers): number;
export class ResponseCache {
  constructor(opts?: { maxBytes?: number; maxEntries?: number });
  enabled: boolean;
  generation: number;
  get(key: string, now?: number): Entry | null;
  set(key: string, entry: Entry): void;
  delete(key: string): void;
  clear(): void;
}
export function capture(cache: ResponseCache, key: string, res: ServerResponse, now?: () => number): void;
export function serve(
  cache: ResponseCache,
  key: string,
  req: Pick<IncomingMessage, 'method'>,
  res: ServerResponse,
): boolean;
export function watchRevalidation(cache: ResponseCache, registry: { manifest: Map<string, unknown> } | null): boolean;
