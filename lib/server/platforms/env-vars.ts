import 'server-only';
import { z } from 'zod';
import { PLATFORMS } from './catalogue';

export const MIN_PLATFORM_SECRET = 32;

type SecretVar = `PLATFORM_SECRET_${(typeof PLATFORMS)[number]['env']}`;
type UrlVar = `PLATFORM_URL_${(typeof PLATFORMS)[number]['env']}`;

export const platformSecretVar = (p: (typeof PLATFORMS)[number]) => `PLATFORM_SECRET_${p.env}` as SecretVar;
export const platformUrlVar = (p: (typeof PLATFORMS)[number]) => `PLATFORM_URL_${p.env}` as UrlVar;

export const PLATFORM_SECRET_VARS = PLATFORMS.map(platformSecretVar);

const secret = z.string().min(MIN_PLATFORM_SECRET, `must be at least ${MIN_PLATFORM_SECRET} characters`).optional();
const baseUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
  .optional();

/** PLATFORM_SECRET_* and PLATFORM_URL_* of every platform, for env.ts. */
export const platformEnvShape = Object.fromEntries(
  PLATFORMS.flatMap((p) => [
    [platformSecretVar(p), secret],
    [platformUrlVar(p), baseUrl],
  ]),
) as Record<SecretVar, typeof secret> & Record<UrlVar, typeof baseUrl>;
