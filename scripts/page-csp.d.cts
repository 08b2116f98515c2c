import type { ServerResponse } from 'node:http';

export function install(res: ServerResponse): void;
export function inlineScriptHashes(html: string): string[];
export function toHashPolicy(policy: string, hashes: string[]): string;
