// Behind a proxy without TRUST_PROXY every client has the proxy's address, so the per-address
// limits count everyone as one client: the server says so in its log, once.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { resetEnvCache } from '@/lib/server/env';
import { createServerHooks } from '@/lib/server/fleet/server-hooks';
import { proxyWarning } from '@/lib/server/fleet/proxy-warning';
import { parseTrustProxy } from '@/lib/server/http/trust-proxy';

const req = (headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  jest.restoreAllMocks();
});

describe('proxyWarning', () => {
  it('warns once, at the first request that carries a proxy header, while TRUST_PROXY is unset', () => {
    const lines: Record<string, unknown>[] = [];
    const note = proxyWarning(parseTrustProxy(undefined), 'http://localhost:3000', (f) => lines.push(f));
    note(req());
    expect(lines).toEqual([]);
    note(req({ 'x-forwarded-for': '203.0.113.9' }));
    note(req({ 'x-real-ip': '203.0.113.10' }));
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: expect.stringMatching(
          /^requests arrive through a proxy \(they carry x-forwarded-for\) but TRUST_PROXY is unset: every client then has the proxy's address/,
        ),
        peer: '127.0.0.1',
      },
    ]);
  });

  it('warns at start-up when the public origin is https, which this plain-HTTP server cannot be itself', () => {
    const lines: Record<string, unknown>[] = [];
    proxyWarning(parseTrustProxy(undefined), 'https://data.example.com', (f) => lines.push(f));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(/^SITE_URL is https:\/\/data\.example\.com .* TRUST_PROXY is unset/);
  });

  it('says nothing once TRUST_PROXY is set', () => {
    const lines: Record<string, unknown>[] = [];
    const note = proxyWarning(parseTrustProxy('1'), 'https://data.example.com', (f) => lines.push(f));
    note(req({ 'x-forwarded-for': '203.0.113.9' }));
    expect(lines).toEqual([]);
  });

  it("is what the production server's hooks do with every request", () => {
    delete process.env.TRUST_PROXY;
    process.env.SITE_URL = 'http://localhost:3000';
    resetEnvCache();
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const hooks = createServerHooks();
    hooks.requestId(req());
    hooks.requestId(req({ forwarded: 'for=203.0.113.9' }));
    hooks.requestId(req({ forwarded: 'for=203.0.113.9' }));
    const warnings = out.mock.calls.map(([l]) => JSON.parse(String(l))).filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/they carry forwarded\) but TRUST_PROXY is unset/);
  });
});
