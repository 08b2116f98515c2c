import { relativeTime as formatRelativeTime } from '@/lib/shared/relative-time';

// Local time, so the full-date format is the same in any time zone.
const NOW = new Date(2024, 5, 15, 12, 0, 0);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const before = (ms: number) => new Date(NOW.getTime() - ms);
const en = (ms: number) => formatRelativeTime(before(ms), { now: NOW });
const zh = (ms: number) => formatRelativeTime(before(ms), { now: NOW, lang: 'zh-CN' });

describe('relative time (docs/screens.md)', () => {
  it.each([
    ['0 s', 0, 'just now', '刚刚'],
    ['59 s', 59 * S, 'just now', '刚刚'],
    ['60 s', 60 * S, '1 minute ago', '1分钟前'],
    ['5 min', 5 * MIN, '5 minutes ago', '5分钟前'],
    ['59 min', 59 * MIN + 59 * S, '59 minutes ago', '59分钟前'],
    ['60 min', 60 * MIN, '1 hour ago', '1小时前'],
    ['3 h', 3 * H, '3 hours ago', '3小时前'],
    ['23 h', 23 * H + 59 * MIN, '23 hours ago', '23小时前'],
    ['24 h', 24 * H, '1 day ago', '1天前'],
    ['2 d', 2 * D, '2 days ago', '2天前'],
    ['6 d', 6 * D + 23 * H, '6 days ago', '6天前'],
    ['7 d', 7 * D, '1 week ago', '1周前'],
    ['14 d', 14 * D, '2 weeks ago', '2周前'],
    ['29 d 23 h', 29 * D + 23 * H, '4 weeks ago', '4周前'],
  ])('%s before now → %s / %s', (_label, ms, english, chinese) => {
    expect(en(ms)).toBe(english);
    expect(zh(ms)).toBe(chinese);
  });

  it('from 30 days (a month) on shows the full date and time', () => {
    expect(en(30 * D)).toBe('2024-05-16 12:00');
    expect(zh(30 * D)).toBe('2024-05-16 12:00');
    expect(formatRelativeTime(new Date(2023, 0, 2, 8, 5), { now: NOW })).toBe('2023-01-02 08:05');
  });

  it('a future time shows nothing', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + S), { now: NOW })).toBe('');
    expect(formatRelativeTime(new Date(NOW.getTime() + 3 * D), { now: NOW, lang: 'zh-CN' })).toBe('');
  });

  it('accepts ISO strings and timestamps; an unreadable time shows nothing', () => {
    expect(formatRelativeTime(before(2 * H).toISOString(), { now: NOW })).toBe('2 hours ago');
    expect(formatRelativeTime(before(3 * MIN).getTime(), { now: NOW })).toBe('3 minutes ago');
    expect(formatRelativeTime('not a date', { now: NOW })).toBe('');
  });

  it('measures against the current time by default', () => {
    expect(formatRelativeTime(new Date(Date.now() - 10 * MIN))).toBe('10 minutes ago');
  });
});
