// /api/locale: the language switch goes back to the same page, by a relative Location.
import { describe, expect, it } from '@jest/globals';
import { NextRequest } from 'next/server';
import { GET } from '@/app/api/locale/route';

// As the production server hands it on: its own URL is the bind address, the Host what the browser used.
const switchTo = (l: string, headers: Record<string, string>) =>
  GET(new NextRequest(`http://0.0.0.0:3100/api/locale?l=${l}`, { headers }));

describe('language switch', () => {
  it('opens the same page at its URL in the chosen language, relative to the address the browser used, and sets the cookie', () => {
    const res = switchTo('en', {
      host: 'data.example.com',
      referer: 'https://data.example.com/regard/journalism?page=2',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/regard/journalism?page=2');
    expect(res.headers.get('set-cookie')).toMatch(/^locale=en; Path=\/; .*SameSite=lax/i);
  });

  it('moves a prefixed page to the other language, keeping the path and the market view in the query', () => {
    const back = (l: string, path: string) =>
      switchTo(l, { host: 'localhost:3360', referer: `http://localhost:3360${path}` }).headers.get('location');
    expect(back('zh-CN', '/en/functionality?product=rice&region=CN-SD&period=1y')).toBe(
      '/zh-CN/functionality?product=rice&region=CN-SD&period=1y',
    );
    expect(back('en', '/zh-CN/functionality?product=rice')).toBe('/en/functionality?product=rice');
    expect(back('en', '/zh-CN')).toBe('/en');
    expect(back('zh-CN', '/')).toBe('/zh-CN');
    expect(back('zh-CN', '/mobileDocuments/3')).toBe('/zh-CN/mobileDocuments/3');
  });

  it('sends the console and the tools back where they were: they have no URL per language', () => {
    const back = (path: string) =>
      switchTo('zh-CN', { host: 'localhost:3360', referer: `http://localhost:3360${path}` }).headers.get('location');
    expect(back('/console/audit?page=2')).toBe('/console/audit?page=2');
    expect(back('/api-docs')).toBe('/api-docs');
  });

  it('goes home in that language for a page of another site, no referer or a path off the site', () => {
    expect(
      switchTo('zh-CN', { host: 'data.example.com', referer: 'https://evil.example/x' }).headers.get('location'),
    ).toBe('/zh-CN');
    expect(switchTo('zh-CN', { host: 'data.example.com' }).headers.get('location')).toBe('/zh-CN');
    expect(
      switchTo('zh-CN', { host: 'data.example.com', referer: 'https://data.example.com//evil.example/' }).headers.get(
        'location',
      ),
    ).toBe('/zh-CN');
  });

  it('sets no cookie for a language it does not know, and still goes back', () => {
    const res = switchTo('fr', { host: 'localhost:3000', referer: 'http://localhost:3000/documents' });
    expect(res.headers.get('location')).toBe('/documents');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
