// The console's preview links (docs/console.md "Preview"): a token opens one article or one
// document until it expires, and nothing forged, altered, signed for the other kind or for
// another use opens anything.
import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { deriveKey } from '@/lib/server/secret';
import { PREVIEW_TTL_MS, previewToken, readPreviewToken } from '@/lib/server/services/content/preview-token';
import { tamper } from '../../support/tamper';

const NOW = new Date('2026-11-28T10:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('preview tokens', () => {
  it('open their article until they expire, and not after', () => {
    const { token, expiresAt } = previewToken('news', 42, NOW);
    expect(expiresAt).toBe(later(PREVIEW_TTL_MS).toISOString());
    expect(readPreviewToken('news', token, NOW)).toBe(42);
    expect(readPreviewToken('news', token, later(PREVIEW_TTL_MS - 1))).toBe(42);
    expect(readPreviewToken('news', token, later(PREVIEW_TTL_MS))).toBeNull();
  });

  it('open their document, and a link to article 42 opens no document 42 (nor the other way)', () => {
    const doc = previewToken('docs', 42, NOW).token;
    const article = previewToken('news', 42, NOW).token;
    expect(readPreviewToken('docs', doc, NOW)).toBe(42);
    expect(readPreviewToken('docs', doc, later(PREVIEW_TTL_MS))).toBeNull();
    expect(readPreviewToken('docs', article, NOW)).toBeNull();
    expect(readPreviewToken('news', doc, NOW)).toBeNull();
  });

  it('open nothing once their id, expiry or signature is changed', () => {
    for (const kind of ['news', 'docs'] as const) {
      const { token } = previewToken(kind, 42, NOW);
      const [id, exp, sig] = token.split('.') as [string, string, string];
      expect(id).toBe('42');
      expect(readPreviewToken(kind, `43.${exp}.${sig}`, NOW)).toBeNull();
      expect(readPreviewToken(kind, `${id}.${(parseInt(exp, 36) + 60_000).toString(36)}.${sig}`, NOW)).toBeNull();
      expect(readPreviewToken(kind, `${id}.${exp}.${tamper(sig)}`, NOW)).toBeNull();
    }
  });

  it('refuse what is no preview token: junk, an empty string, another signed grant', () => {
    for (const junk of ['', '42', '42.x', '0.abc.' + 'a'.repeat(43), `42.zz.${'a'.repeat(43)}`, '../../etc/passwd'])
      expect({ junk, id: readPreviewToken('docs', junk, NOW) }).toEqual({ junk, id: null });
    // The same text signed with the upload grants' key.
    const exp = later(PREVIEW_TTL_MS).getTime().toString(36);
    const other = createHmac('sha256', deriveKey('upload-grant')).update(`42.${exp}`).digest('base64url');
    expect(readPreviewToken('news', `42.${exp}.${other}`, NOW)).toBeNull();
    expect(readPreviewToken('docs', `42.${exp}.${other}`, NOW)).toBeNull();
  });
});
