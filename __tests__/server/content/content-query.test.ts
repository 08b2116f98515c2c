import { NextRequest } from 'next/server';
import { getRewrittenUrl } from 'next/experimental/testing/server';
import { proxy } from '@/proxy';
import { routeContentQuery } from '@/lib/routing/content-query';

const q = (s: string) => new URLSearchParams(s);
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('routeContentQuery', () => {
  it('turns news list queries into cacheable paths', () => {
    expect(routeContentQuery('/regard/journalism', q('page=2'))).toEqual({
      path: '/regard/journalism/list/all/2',
      search: '',
    });
    expect(routeContentQuery('/regard/journalism', q('category=policy&page=3'))).toEqual({
      path: '/regard/journalism/list/policy/3',
      search: '',
    });
    expect(routeContentQuery('/mobileRegard/journalism', q('category=market'))).toEqual({
      path: '/mobileRegard/journalism/list/market/1',
      search: '',
    });
    expect(routeContentQuery('/regard/journalism', q('page=1'))).toEqual({ path: '/regard/journalism', search: '' });
    expect(routeContentQuery('/regard/journalism', q(''))).toBeNull();
  });

  it('sends keyword searches to the per-request search page and drops junk values', () => {
    expect(routeContentQuery('/regard/journalism', q('keyword=冷链&category=market&page=2'))).toEqual({
      path: '/regard/journalism/search',
      search: `?keyword=${encodeURIComponent('冷链')}&category=market&page=2`,
    });
    expect(routeContentQuery('/regard/journalism', q('category=<x>&page=-1'))).toEqual({
      path: '/regard/journalism',
      search: '',
    });
  });

  it('maps document directory, search and documentsInfo?id= URLs', () => {
    expect(routeContentQuery('/documents', q('dir=12'))).toEqual({ path: '/documents/dir/12', search: '' });
    expect(routeContentQuery('/mobileDocuments', q('q=index'))).toEqual({
      path: '/mobileDocuments/search',
      search: '?q=index',
    });
    expect(routeContentQuery('/documents/documentsInfo', q('id=7'))).toEqual({ path: '/documents/7', search: '' });
    expect(routeContentQuery('/documents/documentsInfo', q('id=x'))).toEqual({
      path: '/documents/documentsInfo',
      search: '',
    });
    expect(routeContentQuery('/documents/7/slug', q('x=1'))).toBeNull();
  });
});

describe('proxy with content queries', () => {
  const req = (path: string, headers: Record<string, string> = {}) =>
    new NextRequest(new URL(path, 'http://portal.test'), { headers: { 'accept-language': 'en', ...headers } });

  it('rewrites a phone’s ?page=2 on the desktop URL to the mobile list path', () => {
    expect(getRewrittenUrl(proxy(req('/regard/journalism?page=2', { 'user-agent': IPHONE })))).toBe(
      'http://portal.test/en/mobileRegard/journalism/list/all/2',
    );
    expect(getRewrittenUrl(proxy(req('/documents/documentsInfo?id=3')))).toBe('http://portal.test/en/documents/3');
    expect(getRewrittenUrl(proxy(req('/documents?q=index', { cookie: 'locale=zh-CN' })))).toBe(
      'http://portal.test/zh-CN/documents/search?q=index',
    );
  });
});
