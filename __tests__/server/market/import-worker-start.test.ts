import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startImportWorker } from '@/lib/server/services/market/import-parallel';

// data:import starts its parsing thread before it knows the file (while it connects and migrates):
// whatever the thread says or suffers before anyone reads its messages must still be delivered.
describe('an import worker started ahead of its file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-worker-'));
  const entry = (name: string, code: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, code);
    return file;
  };

  it('keeps a failure while loading and reports it when its messages are read', async () => {
    const w = startImportWorker(entry('broken.mjs', "throw new Error('cannot load the parser');"));
    await new Promise((resolve) => w.worker.once('exit', resolve));
    await expect(w.messages.next()).rejects.toThrow('cannot load the parser');
  });

  it('keeps the messages it sent before they were read, in order, then ends when it exits', async () => {
    const w = startImportWorker(
      entry(
        'talker.mjs',
        "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ t: 'fail', message: 'one' });\nparentPort.postMessage({ t: 'fail', message: 'two' });",
      ),
    );
    await new Promise((resolve) => w.worker.once('exit', resolve));
    const got = [];
    for await (const m of w.messages) got.push(m);
    expect(got).toEqual([
      { t: 'fail', message: 'one' },
      { t: 'fail', message: 'two' },
    ]);
  });
});
