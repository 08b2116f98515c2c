import { classifyResponse, localise, RequestError } from '@/lib/api/request-error';
import { fmt, isPlural, type Template } from '@/lib/i18n/format';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import { msg, renderMessage } from '@/lib/i18n/server-messages';

const forms = (t: Template) =>
  isPlural(t) ? Object.entries(t).flatMap(([k, v]) => (k === 'count' || !v ? [] : [v])) : [t];
const holes = (t: Template) =>
  [...new Set(forms(t).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

describe('server message catalogues', () => {
  const en = serverEn as Record<string, Template>;
  const zh = serverZhCN as Record<string, Template>;

  it('have the same keys in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders, and a plural counts the same parameter', () => {
    for (const k of Object.keys(en)) {
      const e = en[k]!;
      const z = zh[k]!;
      // A form may leave out the count ("the last day"), so compare the union of the forms.
      expect({ k, p: holes(z).filter((h) => h !== (isPlural(z) ? z.count : '')) }).toEqual({
        k,
        p: holes(e).filter((h) => h !== (isPlural(e) ? e.count : '')),
      });
      expect({ k, plural: isPlural(z) }).toEqual({ k, plural: isPlural(e) });
      if (isPlural(e) && isPlural(z)) expect({ k, count: z.count }).toEqual({ k, count: e.count });
    }
  });

  it('give English plurals a `one` form and translate every Chinese text', () => {
    for (const [k, e] of Object.entries(en))
      if (isPlural(e)) expect({ k, one: typeof e.one }).toEqual({ k, one: 'string' });
    const words = (f: string) => /[A-Za-z]{2,}/.test(f.replace(/\{\w+\}/g, ''));
    const untranslated = Object.keys(en).filter((k) =>
      forms(zh[k]!).some((f) => words(f) && !/[\u4e00-\u9fff]/.test(f)),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('renderMessage', () => {
  it('picks the plural form of the language (no "1 days")', () => {
    expect(renderMessage(msg('market.visitorDays', { days: 1 }), 'en', serverEn)).toBe(
      'Visitors see the last day; log in for more',
    );
    expect(renderMessage(msg('market.visitorDays', { days: 90 }), 'en', serverEn)).toBe(
      'Visitors see the last 90 days; log in for more',
    );
    expect(renderMessage(msg('market.visitorDays', { days: 90 }), 'zh-CN', serverZhCN)).toBe(
      '访客可查看最近 90 天的数据，登录后可查看更多',
    );
  });

  it('renders a message inside a message, and names known in both languages', () => {
    const ref = msg('market.refused', { region: { en: 'Shandong', 'zh-CN': '山东' }, why: msg('market.regionLogin') });
    expect(renderMessage(ref, 'en', serverEn)).toBe('Shandong: Log in to see regional price history');
    expect(renderMessage(ref, 'zh-CN', serverZhCN)).toBe('山东：登录后可查看地区价格历史');
  });

  it('gives up (so the page shows the English msg) on a key it does not know', () => {
    const ref = { key: 'market.fromTheFuture', params: {} } as unknown as ReturnType<typeof msg>;
    expect(renderMessage(ref, 'zh-CN', serverZhCN)).toBeUndefined();
    expect(renderMessage(msg('market.refused', { region: 'X', why: ref }), 'zh-CN', serverZhCN)).toBeUndefined();
  });

  it('checks parameters against the English template at compile time', () => {
    // @ts-expect-error a message with placeholders needs its parameters
    msg('market.visitorDays');
    // @ts-expect-error and only those
    msg('market.visitorDays', { months: 3 });
    expect(msg('market.exportLogin')).toEqual({ key: 'market.exportLogin' });
  });

  it('fmt takes plural templates of the UI dictionaries too', () => {
    const replies = { count: 'n', one: '{n} reply', other: '{n} replies' };
    expect(fmt(replies, { n: 1 })).toBe('1 reply');
    expect(fmt(replies, { n: 2 })).toBe('2 replies');
    expect(fmt({ count: 'n', other: '{n} 条回复' }, { n: 1 }, 'zh-CN')).toBe('1 条回复');
  });
});

describe('a failed call in the page language', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'en'));
  const refusal = {
    code: 403,
    msg: 'Shandong: Visitors see the last 90 days; log in for more',
    msgKey: 'market.refused',
    msgParams: { region: '山东', why: { key: 'market.visitorDays', params: { days: 90 } } },
    data: { reason: 'history' },
  };

  it('keeps the English msg for API callers and shows Chinese on a zh-CN page', async () => {
    document.documentElement.setAttribute('lang', 'zh-CN');
    const err = await localise(classifyResponse(200, refusal)!);
    expect(err).toMatchObject({ code: 403, msg: refusal.msg, data: { reason: 'history' } });
    expect(err.text).toBe('山东：访客可查看最近 90 天的数据，登录后可查看更多');
  });

  it('shows the English msg on an English page, and when the server sent no key', async () => {
    expect((await localise(classifyResponse(200, refusal)!)).text).toBe(refusal.msg);
    document.documentElement.setAttribute('lang', 'zh-CN');
    expect((await localise(classifyResponse(200, { code: 409, msg: 'upstream says no' })!)).text).toBe(
      'upstream says no',
    );
  });

  it('translates the texts the client makes itself (spec §8)', async () => {
    document.documentElement.setAttribute('lang', 'zh-CN');
    expect((await localise(classifyResponse(503, undefined)!)).text).toBe('服务器繁忙，请稍后再试');
    expect((await localise(new RequestError(0, 'network request failed, please try again later'))).text).toBe(
      '网络请求失败，请稍后再试',
    );
  });
});
