// Backups as docs/deployment.md describes them: deploy/backup.sh while the instances serve, then
// deploy/verify-backup.sh restores the file into a scratch database and checks it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readState, ROOT } from './support/fleet';

const state = readState();

test('a backup taken while the fleet serves restores into a new database with every row and migration', async () => {
  const env = { ...process.env, DATABASE_URL: state.databaseUrl };
  const dir = path.join(state.work, 'backups');
  const backup = spawnSync('bash', ['deploy/backup.sh', dir], { cwd: ROOT, env, encoding: 'utf8' });
  expect(backup.status, backup.stderr).toBe(0);
  const file = backup.stdout.trim();
  expect(file).toMatch(/portal-\d{8}T\d{6}Z\.dump$/);
  expect(existsSync(file) && statSync(file).size).toBeGreaterThan(10_000);

  const verify = spawnSync('bash', ['deploy/verify-backup.sh', file], { cwd: ROOT, env, encoding: 'utf8' });
  expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  expect(verify.stdout).toMatch(/^verify-backup: ok$/m);
  // Same rows in the backup as in the live database for tables nothing writes during the test.
  for (const table of ['users', 'news', 'documents', 'price_observations']) {
    const row = new RegExp(`^${table}\\s+(\\d+)\\s+(\\d+)$`, 'm').exec(verify.stdout);
    expect(row, `${table} in:\n${verify.stdout}`).not.toBeNull();
    expect(Number(row![1])).toBeGreaterThan(0);
    expect(row![1]).toBe(row![2]);
  }
  // The scratch database is gone again.
  const left = spawnSync(
    'psql',
    ['-tA', state.databaseUrl, '-c', "select count(*) from pg_database where datname like 'portal_verify_%'"],
    {
      encoding: 'utf8',
    },
  );
  expect(left.stdout.trim()).toBe('0');
});
