// Settings read through the one env schema (lib/server/env.ts; docs/architecture.md, "Configuration").
import { afterEach, describe, expect, it } from '@jest/globals';
import { queryLogger } from '@/lib/server/db/query-log';
import { env, resetEnvCache } from '@/lib/server/env';
import { siteName } from '@/lib/server/site';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const set = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
};

describe('env', () => {
  it('stops start-up naming DB_LOG_QUERIES when it is not a yes/no value', () => {
    set({ DB_LOG_QUERIES: 'yes' });
    expect(() => env()).toThrow(/DB_LOG_QUERIES/);
  });

  it('logs queries only when DB_LOG_QUERIES asks for it', () => {
    set({ DB_LOG_QUERIES: undefined });
    expect(queryLogger()).toBeUndefined();
    set({ DB_LOG_QUERIES: '1' });
    expect(queryLogger()).toBeDefined();
  });

  it('names the brand in Chinese from SITE_NAME_ZH, else 优农数据 while the English name is the default', () => {
    set({ SITE_NAME: undefined, SITE_NAME_ZH: undefined });
    expect(siteName('zh-CN')).toBe('优农数据');
    expect(siteName('en')).toBe('Yoonop Agri-Data');
    set({ SITE_NAME: 'Acme Data', SITE_NAME_ZH: undefined });
    expect(siteName('zh-CN')).toBe('Acme Data');
    set({ SITE_NAME_ZH: '艾克米' });
    expect(siteName('zh-CN')).toBe('艾克米');
  });
});
