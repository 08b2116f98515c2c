// The pieces routes.ts is built from, in a file of their own so that a part of the contract kept
// in its own folder (lib/api/console/routes.ts) builds its routes the same way.
export const SERVICES = ['core', 'docs', 'feedback', 'auth'] as const;
export type Service = (typeof SERVICES)[number];
export type Method = 'GET' | 'POST';
export type Route = { service: Service; path: string; method: Method };
/** Where every console call lives, under the core service: /api/core/api/Console/<name>. */
export const CONSOLE_PREFIX = '/api/Console/';

/** Calls under one prefix of one service, each at prefix + its name. */
export function group<const N extends string>(
  service: Service,
  prefix: string,
  names: readonly N[],
  method: Method = 'POST',
) {
  return Object.fromEntries(names.map((n) => [n, { service, path: prefix + n, method }])) as { [K in N]: Route };
}
