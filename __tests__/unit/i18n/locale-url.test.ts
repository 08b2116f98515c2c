// Page URLs per language (docs/screens.md, "Languages in the URL") and their metadata alternates.
import { describe, expect, it } from '@jest/globals';
import { isLocalisedPage, localePrefix, localeUrl, stripLocale } from '@/lib/routing/locale-url';
import { languageAlternates } from '@/lib/seo/alternates';

describe('locale URLs', () => {
  it('reads a language prefix, in any spelling, and the path after it', () => {
    expect(localePrefix('/zh-CN/functionality')).toEqual({ locale: 'zh-CN', path: '/functionality', exact: true });
    expect(localePrefix('/en')).toEqual({ locale: 'en', path: '/', exact: true });
    expect(localePrefix('/zh-cn/x/y')).toEqual({ locale: 'zh-CN', path: '/x/y', exact: false });
    expect(localePrefix('/english/x')).toBeNull();
    expect(localePrefix('/fr/x')).toBeNull();
    expect(localePrefix('/')).toBeNull();
    expect(stripLocale('/en/regard/journalism/3')).toBe('/regard/journalism/3');
    expect(stripLocale('/regard')).toBe('/regard');
  });

  it('moves a page URL, its query and fragment kept, to a language; leaves the tools and the API alone', () => {
    expect(localeUrl('zh-CN', '/functionality?product=rice&region=shandong#priceTrend')).toBe(
      '/zh-CN/functionality?product=rice&region=shandong#priceTrend',
    );
    expect(localeUrl('en', '/zh-CN/functionality?x=1')).toBe('/en/functionality?x=1');
    expect(localeUrl('en', '/')).toBe('/en');
    expect(localeUrl('zh-CN', '/en')).toBe('/zh-CN');
    expect(localeUrl('zh-CN', '/?x=1')).toBe('/zh-CN?x=1');
    for (const p of ['/api/core/x', '/console/audit', '/pay/sandbox/1', '/embed/trend?x=1', '/api-docs'])
      expect(localeUrl('zh-CN', p)).toBe(p);
    expect(isLocalisedPage('/functionality')).toBe(true);
    expect(isLocalisedPage('/console')).toBe(false);
  });

  it('gives a page its canonical URL in its language and both languages plus x-default as alternates', () => {
    expect(languageAlternates('zh-CN', '/regard/journalism/12')).toEqual({
      canonical: '/zh-CN/regard/journalism/12',
      languages: {
        en: '/en/regard/journalism/12',
        'zh-CN': '/zh-CN/regard/journalism/12',
        'x-default': '/regard/journalism/12',
      },
    });
    expect(languageAlternates('en', '/')).toEqual({
      canonical: '/en',
      languages: { en: '/en', 'zh-CN': '/zh-CN', 'x-default': '/' },
    });
  });
});
