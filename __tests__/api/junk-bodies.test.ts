// Every implemented call (the registry, so calls added later are covered too) gets
// junk: wrong types, 100 KB strings, missing fields, non-JSON, arrays, odd query
// strings, control characters (NUL, ESC, DEL …), dates that do not exist or lie in year 0000, in every
// field, and bodies nested or wide just under the size limit. Each answer must be the envelope
// with HTTP 200 or 401, never a 500, and a code-400 answer must name the field it refuses.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { GET, POST } from '@/app/api/[service]/[...path]/route';
import type { z } from 'zod';
import { contract, type CallDef, type CallName } from '@/lib/api/contract';
import { objectShape } from '@/lib/api/schemas/common';
import { createSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { MAX_BODY_BYTES } from '@/lib/server/http/read-body';
import { users } from '@/lib/server/db/schema';
import { registry } from '@/lib/server/endpoints';

const BIG = 'x'.repeat(100 * 1024);
/** Control characters, alone and inside text, and calendar dates that do not exist. */
const CONTROL = ['\u0000', 'a\u0000b', '\u0001', 'x\u001b[2Jy', '\u007f', '\b\f\v'];
const IMPOSSIBLE_DATES = [
  '2026-11-31',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-11-31T00:00:00Z',
  // Real calendar days a date library or the database cannot take (year 0 is no AD year).
  '0000-01-01',
  '0000-02-29',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '9999-12-31',
];
const WRONG_TYPES: unknown[] = [
  0,
  123456789012,
  -1.5,
  true,
  null,
  [],
  ['13800000001'],
  {},
  { $ne: null },
  BIG,
  ...CONTROL,
  ...IMPOSSIBLE_DATES,
];
const JUNK_QUERY_VALUES = [
  '',
  ' ',
  'null',
  '[]',
  '{}',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '\u0000',
  '😀'.repeat(50),
  BIG,
  ...CONTROL,
  ...IMPOSSIBLE_DATES,
];
const RAW_QUERIES = [
  'phone[]=1&phone[]=2',
  '%E0%A4%A=1',
  '=&&&=',
  '__proto__=x&constructor=y',
  'a='.repeat(2000),
  '%00=%00',
];
/**
 * Bodies built to be slow, just under the size limit (1 MiB allows ~170,000 levels): objects
 * nested under a key no call knows with a control character beside them, arrays nested, and one
 * flat array of 400,000 items.
 */
const DEEP_LEVELS = 170_000;
const DEEP_BODIES = [
  '{"phone":"13800000001","password":"\\u0001","a":' + '{"a":'.repeat(DEEP_LEVELS) + '1' + '}'.repeat(DEEP_LEVELS + 1),
  '['.repeat(500_000) + ']'.repeat(500_000),
  '{"regionIds":[' + '0,'.repeat(400_000) + '0]}',
];

const RAW_BODIES = [
  '{nope',
  'hello',
  '<xml/>',
  '\u0000',
  '[]',
  '[{"phone":"13800000001"}]',
  'null',
  '"just a string"',
  '42',
  'true',
  '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
  ...DEEP_BODIES,
];

type Case = { label: string; query: string; body?: string };

const shapeKeys = (schema: z.ZodType): string[] => Object.keys(objectShape(schema) ?? {});

function casesFor(def: CallDef): Case[] {
  const qKeys = shapeKeys(def.query);
  const bKeys = shapeKeys(def.body);
  const qs = (entries: [string, string][]) => new URLSearchParams(entries).toString();
  const all = (v: string) => qs(qKeys.map((k) => [k, v]));
  const json = (v: unknown) => JSON.stringify(Object.fromEntries(bKeys.map((k) => [k, v])));
  const out: Case[] = [
    { label: 'nothing at all', query: '', body: '' },
    { label: 'missing fields', query: '', body: '{}' },
  ];
  for (const v of JUNK_QUERY_VALUES)
    out.push({ label: `query fields = ${JSON.stringify(v.slice(0, 20))}`, query: all(v), body: '{}' });
  for (const raw of RAW_QUERIES) out.push({ label: `raw query ${raw.slice(0, 30)}`, query: raw, body: '{}' });
  // Each query field on its own with a control character or an impossible date.
  for (const k of qKeys)
    for (const v of [...CONTROL, ...IMPOSSIBLE_DATES])
      out.push({ label: `query ${k} = ${JSON.stringify(v)}`, query: qs([[k, v]]), body: '{}' });
  if (def.method === 'POST') {
    for (const v of WRONG_TYPES)
      out.push({ label: `body fields = ${JSON.stringify(v)?.slice(0, 20)}`, query: '', body: json(v) });
    out.push({ label: '100 KB in every field', query: all(BIG), body: json(BIG) });
    for (const raw of RAW_BODIES) out.push({ label: `raw body ${raw.slice(0, 30)}`, query: '', body: raw });
    // Each body field wrong on its own, the others absent.
    for (const k of bKeys)
      for (const v of [42, [], null, { x: 1 }, ...CONTROL, ...IMPOSSIBLE_DATES, [CONTROL[1]], { en: CONTROL[1] }])
        out.push({ label: `${k} = ${JSON.stringify(v)}`, query: '', body: JSON.stringify({ [k]: v }) });
  }
  return out;
}

async function send(name: CallName, c: Case, token?: string) {
  const def = contract[name] as CallDef;
  const url = `http://localhost/api/${def.service}${def.path}${c.query ? '?' + c.query : ''}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' };
  if (token) headers.authorization = token;
  const req = new Request(url, { method: def.method, headers, body: def.method === 'POST' ? c.body : undefined });
  const params = Promise.resolve({ service: def.service, path: def.path.split('/').filter(Boolean) });
  const res = await (def.method === 'GET' ? GET : POST)(req, { params });
  const text = await res.text();
  let body: { code?: unknown; msg?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: `not JSON: ${text.slice(0, 80)}` };
  }
  return { status: res.status, body };
}

/** Empty when the answer is acceptable, else what is wrong with it. */
function problems(def: CallDef, c: Case, a: { status: number; body: { code?: unknown; msg?: unknown } }): string[] {
  const out: string[] = [];
  const { code, msg } = a.body;
  // A body over the limit is refused unread, with 413 in the status and the envelope, whatever it holds.
  if (new TextEncoder().encode(c.body ?? '').length > MAX_BODY_BYTES) {
    if (a.status !== 413 || code !== 413) out.push(`over the body limit: HTTP ${a.status}, code ${String(code)}`);
    return out;
  }
  if (a.status !== 200 && a.status !== 401) out.push(`HTTP ${a.status}`);
  if (typeof code !== 'number') return [...out, `code ${JSON.stringify(code)}`];
  if (code === 500) out.push('code 500');
  if (a.status === 401 && code !== 401) out.push(`HTTP 401 with code ${code}`);
  if (code !== 1 && (typeof msg !== 'string' || !msg.trim())) out.push('no msg');
  if (code === 400) {
    const fields = new Set([...shapeKeys(def.query), ...shapeKeys(def.body), 'body', 'query', 'method']);
    const field = typeof msg === 'string' ? /^([^\s:]+): \S/.exec(msg)?.[1]?.split('.')[0] : undefined;
    if (!field || !fields.has(field)) out.push(`400 without a field name: ${JSON.stringify(msg)}`);
  }
  return out;
}

let userId = '';
const errors = jest.spyOn(console, 'error');
beforeAll(async () => {
  const db = await getDb();
  const [u] = await db
    .insert(users)
    .values({ phone: '13912340000', passwordHash: 'scrypt$x', nickname: 'junk' })
    .returning({ id: users.id });
  userId = u!.id;
});
afterAll(() => errors.mockRestore());

const names = Object.keys(registry) as CallName[];

describe('junk paths under /api', () => {
  // One made-up segment after a service (or in place of one), as scanners send them.
  const UNKNOWN = ['/nope', '/wp-login.php', '/.env', '/%00', '/..', '/' + 'x'.repeat(5000), '/😀'];
  it.each(['core', 'YoonopData', 'nope'])(
    '/api/%s/<one unknown segment> is the 404 envelope, never a 500',
    async (svc) => {
      const found: string[] = [];
      for (const p of UNKNOWN)
        for (const method of ['GET', 'POST'] as const) {
          const req = new Request(`http://localhost/api/${svc}${p}`, {
            method,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
            body: method === 'POST' ? '{}' : undefined,
          });
          const params = Promise.resolve({ service: svc, path: p.split('/').filter(Boolean) });
          const res = await (method === 'GET' ? GET : POST)(req, { params });
          const body = (await res.json()) as { code?: unknown };
          if (res.status !== 200 || body.code !== 404)
            found.push(`${method} ${p.slice(0, 30)}: HTTP ${res.status}, code ${String(body.code)}`);
        }
      expect(found).toEqual([]);
    },
  );
});

describe('junk input to every call', () => {
  it('covers every implemented call', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(contract[n]).toBeDefined();
  });

  it.each(names)('%s answers junk with the envelope, never a 500', async (name) => {
    const def = contract[name] as CallDef;
    const db = await getDb();
    const found: string[] = [];
    const newToken = async () => (await createSession(db, userId, {})).token;
    let token = await newToken();
    for (const c of casesFor(def)) {
      let code: unknown;
      for (const t of [undefined, token]) {
        const a = await send(name, c, t);
        code = a.body.code;
        for (const p of problems(def, c, a)) found.push(`${c.label} (${t ? 'logged in' : 'anonymous'}): ${p}`);
      }
      // Junk may legitimately log out (Logout, a password change): after any answer but a refused
      // input (400, given before the handler runs) the next case gets a fresh session. A session for
      // every case was a quarter of this file's time.
      if (code !== 400) token = await newToken();
    }
    expect(found).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});
