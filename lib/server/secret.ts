import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from './env';

export const SECRET_FILE = path.join(process.cwd(), '.data', 'app-secret');
const MIN_LENGTH = 32;

let cached: Buffer | undefined;

/**
 * The application secret that signs upload grants and other tokens.
 * Production must set APP_SECRET (env() refuses to start without it). Elsewhere a
 * secret is generated once and kept in `.data/app-secret`, so a restart does not
 * invalidate what was signed before. Tests get a throw-away one and touch no disk.
 */
export function appSecret(): Buffer {
  if (cached) return cached;
  const e = env();
  if (e.APP_SECRET) cached = Buffer.from(e.APP_SECRET, 'utf8');
  else if (e.NODE_ENV === 'production')
    throw new Error('APP_SECRET is required in production (at least 32 characters).');
  else if (e.NODE_ENV === 'test') cached = randomBytes(48);
  else cached = loadOrCreateSecretFile(SECRET_FILE);
  return cached;
}

/** A separate key per purpose, so a signature made for one use is never valid for another. */
export function deriveKey(purpose: string): Buffer {
  return createHmac('sha256', appSecret()).update(`yoonop/${purpose}`).digest();
}

/**
 * Reads the secret file, or creates it (mode 0600). `wx` makes creation atomic, so
 * two processes starting together end up with the same secret.
 */
export function loadOrCreateSecretFile(file: string): Buffer {
  try {
    return readSecret(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(48).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600); // the umask may have narrowed or widened the create mode
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return readSecret(file);
}

function readSecret(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < MIN_LENGTH)
    throw new Error(`${file} holds a secret shorter than ${MIN_LENGTH} characters; delete it to have a new one made.`);
  return Buffer.from(text, 'utf8');
}

/** For tests that switch environments. */
export function resetSecretCache() {
  cached = undefined;
}
