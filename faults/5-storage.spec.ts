// docs/reliability.md, "Upload storage full or unwritable": the instance's file directory is a
// 2 MB tmpfs of its own (a private mount namespace: nothing outside the test sees it), which the
// test fills to the last byte and then remounts read-only. Uploads answer code 503 with a message
// in both languages; no row points at a file that is not there; the files already stored are
// still served, byte for byte; once there is room again uploads work without a restart.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { renderMessage } from '../lib/i18n/server-messages';
import { serverZhCN } from '../lib/i18n/messages/server.zh-cn';
import {
  api,
  figure,
  logLines,
  metricsOf,
  PORTS,
  readState,
  sample,
  sql,
  startInstance,
  stopInstance,
  suiteEnv,
  type Instance,
} from './support/suite';

const FAULT = 'upload storage full or unwritable';
const state = readState();
const filesDir = path.join(state.work, 'files-tmpfs');
let inst: Instance | null = null;

test.afterAll(async () => {
  // The mount goes with the process's namespace.
  if (inst) await stopInstance(inst);
});

/** A PNG of `size` bytes (the signature is what the upload checks; the rest is filler). */
function png(size: number, fill: number): Uint8Array {
  const b = new Uint8Array(size).fill(fill);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
}

async function upload(token: string, grant: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('grant', grant);
  form.set('file', new Blob([bytes as BlobPart], { type: 'image/png' }), 'x.png');
  const res = await fetch(`${inst!.url}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return {
    status: res.status,
    id: res.headers.get('x-request-id'),
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code: number; msg?: string; msgKey?: string; data?: { key: string; url: string } },
  };
}

/** The instance's view of its file directory (its mount namespace), through /proc. */
const inside = (...p: string[]) => path.join(`/proc/${inst!.pid}/root`, filesDir, ...p);
function inNamespace(...args: string[]) {
  const r = spawnSync('nsenter', ['-t', String(inst!.pid), '-m', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nsenter ${args.join(' ')}: ${r.stderr}`);
}

async function rowsOf(userId: string) {
  return sql<{ key: string; bytes: number }>(
    state.databaseUrl,
    'select key, bytes from stored_files where user_id = $1 order by created_at',
    [userId],
  );
}

test('the upload disk full, then read-only: 503, no row without its file, nothing lost, uploads again once there is room', async () => {
  mkdirSync(filesDir, { recursive: true });
  inst = await startInstance('storage', PORTS.c, suiteEnv(state, { FILES_DIR: filesDir }), [
    'unshare',
    '--mount',
    '--propagation',
    'private',
    'sh',
    '-c',
    'mount -t tmpfs -o size=2m faults-uploads "$FILES_DIR" && exec "$0" "$@"',
  ]);
  const login = await api<{ token: string }>(inst, 'UserLoginAPP', {
    body: { phone: '13800000001', password: 'Demo12345' },
  });
  const token = login.body.data!.token;
  const me = await api<{ id: string }>(inst, 'GetCurrentUser', { token });
  const userId = me.body.data!.id;
  const grant = (await api<{ grant: string }>(inst, 'UpLoadFileAuths', { token, query: { purpose: 'general' } })).body
    .data!.grant;

  // Two files stored while there is room.
  const kept = [png(40_000, 1), png(60_000, 2)];
  const stored: { key: string; url: string }[] = [];
  for (const b of kept) {
    const r = await upload(token, grant, b);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    stored.push(r.body.data!);
  }
  const rowsBefore = await rowsOf(userId);

  // Full: the rest of the tmpfs taken by a file of the test's.
  let filled = 0;
  try {
    for (;;) {
      writeFileSync(inside(`filler-${filled}`), new Uint8Array(256 * 1024));
      filled++;
    }
  } catch (e) {
    expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  const refusedFull = await upload(token, grant, png(300_000, 3));
  // Read-only: room again, but the file system refuses every write.
  for (let i = 0; i <= filled; i++) rmSync(inside(`filler-${i}`), { force: true });
  inNamespace('mount', '-o', 'remount,ro', filesDir);
  const refusedRo = await upload(token, grant, png(30_000, 4));

  for (const [what, r] of [
    ['disk full (ENOSPC)', refusedFull],
    ['read-only (EROFS)', refusedRo],
  ] as const) {
    figure(
      FAULT,
      `${what}: answer`,
      `HTTP ${r.status}, code ${r.body.code}, Retry-After ${r.retryAfter}`,
      '503 with a clear message',
    );
    expect(r.status).toBe(503);
    expect(r.retryAfter).toMatch(/^\d+$/);
    expect(r.body).toMatchObject({
      code: 503,
      msg: 'The file could not be stored (storage is full or unavailable); nothing was saved. Please try again later.',
      msgKey: 'faults.storageUnavailable',
    });
  }
  expect(renderMessage({ key: 'faults.storageUnavailable' }, 'zh-CN', serverZhCN)).toBe(
    '文件存储空间已满或暂不可用，文件未保存，请稍后再试。',
  );

  // No row points at a missing file; no half-written file was left; the stored files are served as they were.
  const rowsDuring = await rowsOf(userId);
  figure(
    FAULT,
    'rows of the user before / after the refused uploads',
    `${rowsBefore.length} / ${rowsDuring.length}`,
    'unchanged',
  );
  expect(rowsDuring).toEqual(rowsBefore);
  const missing = rowsDuring.filter((r) => !existsSync(inside(r.key)));
  figure(FAULT, 'rows pointing at a missing file', missing.length, '0');
  expect(missing).toEqual([]);
  const leftovers = readdirSync(inside(), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.tmp'));
  expect(leftovers).toEqual([]);
  for (const [i, s] of stored.entries()) {
    const res = await fetch(inst.url + s.url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(kept[i]);
  }
  figure(FAULT, 'files stored before the fault served byte for byte', `${stored.length}/${stored.length}`, 'all');

  // Writable again: the next upload works, without a restart.
  inNamespace('mount', '-o', 'remount,rw', filesDir);
  const again = await upload(token, grant, png(30_000, 5));
  expect(again.body.code, JSON.stringify(again.body)).toBe(1);
  expect(existsSync(inside(again.body.data!.key))).toBe(true);
  figure(FAULT, 'upload once writable again (no restart)', again.body.code === 1 ? 'stored' : 'refused', 'stored');

  // One fault line per refused upload, under the id its answer carried; the same count on /metrics.
  const faults = logLines(inst).filter((l) => l.msg === 'fault' && l.fault === 'storage');
  const counted = sample(await metricsOf(inst), 'portal_faults_total', { fault: 'storage' });
  figure(FAULT, 'fault log lines / portal_faults_total{storage}', `${faults.length} / ${counted}`, '2 / 2');
  expect(faults.map((f) => f.id).sort()).toEqual([refusedFull.id, refusedRo.id].sort());
  expect(counted).toBe(2);
});
