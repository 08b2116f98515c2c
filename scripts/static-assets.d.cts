import type { IncomingMessage, ServerResponse } from 'node:http';

export class StaticAssets {
  constructor(distDir: string, opts?: { maxBytes?: number });
  staticDir: string;
  serve(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, res: ServerResponse): boolean;
}
export function fileOf(staticDir: string, urlPath: string): string | null;
export function pickEncoding(acceptEncoding: string | undefined, stored?: string[]): string;
