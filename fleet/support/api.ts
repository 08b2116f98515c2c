// Contract calls over HTTP to one instance (or the proxy), as a browser or script would make them.
import { contract, type CallName } from '../../lib/api/contract';

export type Envelope<T = unknown> = { code: number; msg?: string; data?: T };
export type Answer<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export async function call<T = unknown>(
  base: string,
  name: CallName,
  opts: {
    body?: unknown;
    query?: Record<string, string | number>;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const def = contract[name];
  const url = new URL(`${base}/api/${def.service}${def.path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method: def.method,
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: opts.token } : {}),
      ...opts.headers,
    },
    body: def.method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

/** The data of a successful call; throws with the server's answer otherwise. */
export async function ok<T = unknown>(base: string, name: CallName, opts: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(base, name, opts);
  if (r.body.code !== 1) throw new Error(`${name} on ${base} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

export async function login(base: string, phone: string, password: string): Promise<string> {
  return (await ok<{ token: string }>(base, 'UserLoginAPP', { body: { phone, password } })).token;
}

/** A console login (staff; publishing and the console's calls need one). */
export async function consoleLogin(base: string, phone: string, password: string): Promise<string> {
  return (await ok<{ token: string }>(base, 'ConsoleLogin', { body: { phone, password } })).token;
}

/** A page as a desktop (or phone) browser in English asks for it. */
export async function page(base: string, path: string, ua = DESKTOP_UA, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    headers: { 'user-agent': ua, 'accept-language': 'en-US,en;q=0.9', ...headers },
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** A phone number nobody else uses in this run (the demo accounts are 138…). */
let counter = 0;
const run = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
export function uniquePhone(): string {
  counter++;
  return `199${run}${String(counter).padStart(4, '0')}`;
}
