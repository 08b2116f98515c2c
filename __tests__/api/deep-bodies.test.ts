// A body built to be slow (nested as deep as 1 MiB allows, a control character beside it) sent to
// every call of the contract through the production server's request path: each is answered
// with 50 ms of work at most, and a /healthz sent beside it is answered within 50 ms (docs/api.md,
// "Request limits"). A walk that is quadratic in the depth took 14 s for a quarter of this and
// held up every other request meanwhile. The work is the process's CPU time from sending to
// the answer (client, server and database all run in this process): on a shared machine the wall
// clock also counts other programs' turns; the wall-clock times are in the failure message.
// Each call gets up to ten tries, spread over 4.5 s: a busy machine only ever slows an answer
// down, and the CI machine runs other test files beside this one.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STAFF_ROLES } from '@/lib/api/console/roles';
import { contract, type CallDef, type CallName } from '@/lib/api/contract';
import { createSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { resetEnvCache } from '@/lib/server/env';
import { MAX_BODY_BYTES } from '@/lib/server/http/read-body';
import { startProdServer } from '../support/prod-server';

const LIMIT_MS = 50;
const TRIES = 10;

/**
 * `{"a":{"a":…{"a":1}…},"phone":…,"password":"x\u0001y",…}`, as deep as fits just under `bytes`: a
 * walk in key order goes all the way down before it reaches the control character.
 */
function deepBody(bytes: number) {
  const tail = ',"phone":"13800000001","password":"Secret\\u0001123","nickname":"x\\u0000"}';
  const levels = Math.floor((bytes - tail.length - 6) / '{"a":}'.length);
  return '{"a":' + '{"a":'.repeat(levels) + '1' + '}'.repeat(levels) + tail;
}

let server: Awaited<ReturnType<typeof startProdServer>>;
let staffId = '';
const saved = { ...process.env };
beforeAll(async () => {
  process.env.REQUEST_LOG = 'off';
  resetEnvCache();
  const db = await getDb();
  const [staff] = await db
    .insert(users)
    .values({ phone: '13700000001', passwordHash: 'scrypt$x', nickname: 'staff', roles: [...STAFF_ROLES] })
    .returning({ id: users.id });
  staffId = staff!.id;
  server = await startProdServer();
});
afterAll(async () => {
  await server.stop();
  process.env = { ...saved };
  resetEnvCache();
});

describe('a body nested as deep as the size limit allows', () => {
  const body = Buffer.from(deepBody(MAX_BODY_BYTES));
  const names = Object.keys(contract) as CallName[];

  it('is just under the size limit', () => {
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES - 16);
  });

  it(`costs every call ${LIMIT_MS} ms of work or less, with a /healthz beside it answered within ${LIMIT_MS} ms`, async () => {
    const slow: string[] = [];
    const figures: [string, number, number, number][] = [];
    // The first requests pay for compiling the request path; they are not what is measured.
    for (let i = 0; i < 5; i++) await server.send('/api/core/api/InfoNews/QueryNewsCategory', { method: 'POST' });
    for (const name of names) {
      const def = contract[name] as CallDef;
      let best = { cpu: Infinity, call: Infinity, health: Infinity, status: 0, code: undefined as unknown };
      // A session of its own: on a server that runs the call, Logout would end a shared one. Console
      // calls (those naming roles) need a console login, or they would be refused before their body is read.
      const kind = Array.isArray(def.auth) ? 'console' : 'portal';
      const { token } = await createSession(await getDb(), staffId, {}, new Date(), kind);
      for (let i = 0; i < TRIES && (best.cpu > LIMIT_MS || best.health > LIMIT_MS); i++) {
        // Tries in a row all fell inside one burst of another test file's work; spread over a few
        // seconds they meet the machine as it usually is.
        if (i > 0) await new Promise((r) => setTimeout(r, 100 * i));
        const cpu = process.cpuUsage();
        const deep = server.send(`/api/${def.service}${def.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token, 'content-length': String(body.length) },
          body,
        });
        // Sent while the deep body is on its way and being read.
        await new Promise((r) => setTimeout(r, 2));
        const health = server.send('/healthz');
        const [d, h] = await Promise.all([deep, health]);
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000;
        const code = (JSON.parse(d.text) as { code?: unknown }).code;
        if (cpuMs < best.cpu) best = { ...best, cpu: cpuMs, call: d.ms, status: d.status, code };
        best.health = Math.min(best.health, h.ms);
        expect(h.status).toBe(200);
      }
      // Refused, as input that is too deep, never anything worse.
      if (best.status !== 200 || best.code !== 400)
        slow.push(`${name}: HTTP ${best.status}, code ${String(best.code)}`);
      figures.push([name, best.cpu, best.call, best.health]);
      if (best.cpu > LIMIT_MS || best.health > LIMIT_MS)
        slow.push(
          `${name}: ${best.cpu.toFixed(1)} ms of work, answered in ${best.call.toFixed(1)} ms, /healthz in ${best.health.toFixed(1)} ms`,
        );
    }
    // DEEP_BODY_FIGURES=1 prints the slowest calls (for a report).
    if (process.env.DEEP_BODY_FIGURES)
      console.log(
        figures
          .sort((a, b) => b[1] - a[1])
          .map(
            ([n, c, w, h]) => `${n}: work ${c.toFixed(1)} ms, answer ${w.toFixed(1)} ms, /healthz ${h.toFixed(1)} ms`,
          )
          .join('\n'),
      );
    expect(slow).toEqual([]);
  }, 120_000);
});
