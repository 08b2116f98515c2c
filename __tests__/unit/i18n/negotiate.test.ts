import { localeFromAcceptLanguage, negotiateLocale, parseAcceptLanguage } from '@/lib/i18n/negotiate';

describe('locale negotiation (docs/screens.md)', () => {
  it('uses a supported locale cookie over the browser languages', () => {
    expect(negotiateLocale('en', 'zh-CN,zh;q=0.9')).toBe('en');
    expect(negotiateLocale('zh-CN', 'en-US,en;q=0.9')).toBe('zh-CN');
  });

  it('ignores an unsupported or empty cookie and falls back to Accept-Language', () => {
    expect(negotiateLocale('fr', 'zh-TW')).toBe('zh-CN');
    expect(negotiateLocale('', 'zh')).toBe('zh-CN');
    expect(negotiateLocale(undefined, 'de-DE')).toBe('en');
  });

  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hant-HK', 'zh-CN'],
    ['ZH', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['ja', 'en'],
  ] as const)('maps Accept-Language %j to %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });

  it('follows the q-values, not the order of listing', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, zh-CN;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh-CN;q=0.4, en-GB;q=0.8')).toBe('en');
  });

  it('drops languages marked not acceptable (q=0)', () => {
    expect(localeFromAcceptLanguage('zh;q=0, en;q=0.1')).toBe('en');
  });

  it('answers en without a usable header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage(' , ;q=1')).toBe('en');
    expect(negotiateLocale(null, null)).toBe('en');
  });

  it('keeps listing order for equal preference', () => {
    expect(parseAcceptLanguage('fr, zh, en')).toEqual(['fr', 'zh', 'en']);
    expect(localeFromAcceptLanguage('zh-HK, en')).toBe('zh-CN');
  });
});
