// The audit log names every action in the console's language (docs/console.md "Audit log"):
// each call the dispatcher audits, the source refresh a member starts, and the jobs that write
// records. A new audited call without a name in both languages fails here.
import { describe, expect, it } from '@jest/globals';
import { contract } from '@/lib/api/contract';
import { consoleDictionaries } from '@/lib/i18n/console';
import { LOCALES } from '@/lib/shared/locale';

const audited = Object.entries(contract)
  .filter(([, d]) => (d as { audit?: boolean }).audit)
  .map(([name]) => name);
const others = ['ConsoleRefreshSourceFeed', 'job:publish', 'job:refresh'];

describe('audit log action names', () => {
  it('finds the audited calls in the contract', () => {
    expect(audited).toEqual(expect.arrayContaining(['ConsoleRefundOrder', 'ConsolePublishNews', 'SaveNews']));
  });

  it.each(LOCALES)('names every audited action in %s', (locale) => {
    const names = consoleDictionaries[locale].auditActions as Record<string, string | undefined>;
    const missing = [...audited, ...others].filter((a) => !names[a]?.trim());
    expect(missing).toEqual([]);
  });

  it('names each action differently in Chinese and English', () => {
    const en = consoleDictionaries.en.auditActions as Record<string, string>;
    const zh = consoleDictionaries['zh-CN'].auditActions as Record<string, string>;
    expect(Object.keys(en).filter((a) => en[a] === zh[a])).toEqual([]);
    expect(new Set(Object.values(zh)).size).toBe(Object.keys(zh).length);
  });
});
