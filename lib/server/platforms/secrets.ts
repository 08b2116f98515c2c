import 'server-only';
import { env } from '../env';
import { deriveKey } from '../secret';
import type { Platform } from './catalogue';
import { platformSecretVar, platformUrlVar } from './env-vars';

/**
 * Outside production a platform's secret is derived from the app secret, so the
 * portal and `npm run platform:token` on the same machine agree without any set-up;
 * nothing of it is in the repository.
 */
export function devPlatformSecret(p: Platform): string {
  return deriveKey(`platform-dev/${p.key}`).toString('base64url');
}

/** The secret shared with a platform: PLATFORM_SECRET_<KEY>, required in production (env.ts). */
export function platformSecret(p: Platform): Buffer {
  const e = env();
  const set = e[platformSecretVar(p)];
  if (set) return Buffer.from(set, 'utf8');
  if (e.NODE_ENV === 'production') throw new Error(`${platformSecretVar(p)} is required in production.`);
  return Buffer.from(devPlatformSecret(p), 'utf8');
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/**
 * Where the platform receives a hand-off: PLATFORM_URL_<KEY> + `/correspondence/{token}`
 * (or the variable with a `{token}` placeholder). Outside production an unset URL
 * points at a reserved `.example` host, so nothing is sent to a stranger; in
 * production an unset URL means the platform takes no hand-offs (null).
 */
export function platformHandoffUrl(p: Platform, token: string): string | null {
  const e = env();
  const base =
    e[platformUrlVar(p)] ?? (e.NODE_ENV === 'production' ? undefined : `https://${kebab(p.key)}.platforms.example`);
  if (!base) return null;
  const t = encodeURIComponent(token);
  return base.includes('{token}') ? base.replace('{token}', t) : `${base.replace(/\/+$/, '')}/correspondence/${t}`;
}
