import { formatRelativeTime } from '@/lib/time/relative-time';
import { relativeLite } from '@/lib/time/relative-lite';

const NOW = new Date('2025-03-14T08:30:00Z').getTime();
const S = 1000;
const OFFSETS = [
  0,
  30 * S,
  59 * S,
  60 * S,
  5 * 60 * S,
  59 * 60 * S,
  3600 * S,
  23 * 3600 * S,
  86400 * S,
  6 * 86400 * S,
  7 * 86400 * S,
  29 * 86400 * S,
  30 * 86400 * S,
  400 * 86400 * S,
  -60 * S,
];

describe('relativeLite (the client islands’ docs/screens.md relative time)', () => {
  it.each(['en', 'zh-CN'] as const)('says exactly what formatRelativeTime says (%s)', (lang) => {
    for (const off of OFFSETS) {
      const iso = new Date(NOW - off).toISOString();
      expect({ off, text: relativeLite(iso, NOW, lang) }).toEqual({
        off,
        text: formatRelativeTime(iso, { now: NOW, lang }),
      });
    }
  });

  it('shows nothing for an unreadable time', () => {
    expect(relativeLite('not a date', NOW, 'en')).toBe('');
  });
});
