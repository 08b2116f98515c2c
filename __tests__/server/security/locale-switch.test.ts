// /api/locale: the language switch goes back to the same page, by a relative Location.
import { describe, expect, it } from '@jest/globals';
import { NextRequest } from 'next/server';
import { GET } from '@/app/api/locale/route';

// As the production server hands it on: its own URL is the bind address, the Host what the browser used.
const switchTo = (l: string, headers: Record<string, string>) =>
  GET(new NextRequest(`http://0.0.0.0:3100/api/locale?l=${l}`, { headers }));

describe('language switch', () => {
  it('goes back to the same page, relative to the address the browser used, and sets the cookie', () => {
    const res = switchTo('en', {
      host: 'data.example.com',
      referer: 'https://data.example.com/regard/journalism?page=2',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/regard/journalism?page=2');
    expect(res.headers.get('set-cookie')).toMatch(/^locale=en; Path=\/; .*SameSite=lax/i);
  });

  it('goes home for a page of another site, no referer or a path off the site', () => {
    expect(
      switchTo('zh-CN', { host: 'data.example.com', referer: 'https://evil.example/x' }).headers.get('location'),
    ).toBe('/');
    expect(switchTo('zh-CN', { host: 'data.example.com' }).headers.get('location')).toBe('/');
    expect(
      switchTo('zh-CN', { host: 'data.example.com', referer: 'https://data.example.com//evil.example/' }).headers.get(
        'location',
      ),
    ).toBe('/');
  });

  it('sets no cookie for a language it does not know, and still goes back', () => {
    const res = switchTo('fr', { host: 'localhost:3000', referer: 'http://localhost:3000/documents' });
    expect(res.headers.get('location')).toBe('/documents');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
