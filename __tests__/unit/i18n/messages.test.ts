import { dictionaries } from '@/lib/i18n/messages';
import { en } from '@/lib/i18n/messages/core.en';
import { fmt, isPlural, type Plural } from '@/lib/i18n/format';

type Tree = { [k: string]: string | Plural | Tree };

/** Every text by its path; a plural counts as its `other` form (the one every language has). */
function leaves(t: Tree, prefix = ''): [string, string][] {
  return Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[prefix + k, v] as [string, string]]
      : isPlural(v)
        ? [[prefix + k, v.other] as [string, string]]
        : leaves(v, `${prefix}${k}.`),
  );
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message dictionaries', () => {
  const enLeaves = new Map(leaves(en as Tree));
  const zhLeaves = new Map(leaves(dictionaries['zh-CN'] as unknown as Tree));

  it('have the same keys in both languages', () => {
    expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty strings, and zh-CN is actually translated', () => {
    for (const [k, v] of [...enLeaves, ...zhLeaves]) expect({ k, empty: v.trim() === '' }).toEqual({ k, empty: false });
    const untranslated = [...zhLeaves].filter(([k, v]) => v === enLeaves.get(k));
    expect(untranslated).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    for (const [k, v] of enLeaves) expect({ k, p: placeholders(zhLeaves.get(k)!) }).toEqual({ k, p: placeholders(v) });
  });

  it('keeps the spec texts verbatim in English', () => {
    expect(en.errors.loginExpired).toBe('login status has expired, please log in again');
    expect(en.errors.serverBusy).toBe('server busy, please try again later');
    expect(en.errors.networkFailed).toBe('network request failed, please try again later');
    expect(en.footer.attribution).toBe('Price data: WFP VAM via HDX (CC BY-IGO)');
  });

  it('fmt fills placeholders and leaves unknown ones visible', () => {
    expect(fmt(en.login.resendIn, { s: 42 })).toBe('Resend in 42s');
    expect(fmt('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
