// The app secret: required in production, otherwise made once and kept with mode 0600.
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { env, resetEnvCache } from '@/lib/server/env';
import { appSecret, loadOrCreateSecretFile, resetSecretCache } from '@/lib/server/secret';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetSecretCache();
});

describe('app secret', () => {
  it('creates the secret file once, readable by the owner only, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    try {
      const file = path.join(dir, 'nested', 'app-secret');
      const first = loadOrCreateSecretFile(file);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSecretFile(file).equals(first)).toBe(true);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a secret file that is too short', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    try {
      const file = path.join(dir, 'app-secret');
      writeFileSync(file, 'short');
      expect(() => loadOrCreateSecretFile(file)).toThrow(/shorter than 32 characters/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses APP_SECRET when set', () => {
    process.env.APP_SECRET = 'a'.repeat(40);
    resetEnvCache();
    expect(appSecret().toString()).toBe('a'.repeat(40));
  });

  it('stops a production start without APP_SECRET, naming the variable', () => {
    Object.assign(process.env, { NODE_ENV: 'production', SMS_ADAPTER: 'outbox' });
    delete process.env.APP_SECRET;
    resetEnvCache();
    expect(() => env()).toThrow(/APP_SECRET: is required in production/);
    expect(() => appSecret()).toThrow(/APP_SECRET/);
  });
});
