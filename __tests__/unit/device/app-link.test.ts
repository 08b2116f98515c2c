import { isIOS } from '@/components/content/marketing/open-in-app';
import { APP_LINK_FALLBACK_MS, appLinkMessages, openAppLink } from '@/lib/device/app-link';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 12; V2134A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0 Mobile Safari/537.36 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN',
  qq: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.28.635 V1_IPH_SQ_8.9.28_1_APP_A Pixel/1170',
  weibo:
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/110 Mobile Safari/537.36 Weibo (Xiaomi-2211133C__weibo__13.6.1__android__android13)',
  dingtalk:
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/110 Mobile Safari/537.36 AliApp(DingTalk/7.0.40) DingTalk(7.0.40)',
  qqBrowser:
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn) AppleWebKit/537.36 Chrome/89 MQQBrowser/13.8 Mobile Safari/537.36',
};

const APP = 'yoonop://open/product/farming';
const FALLBACK = 'https://example.com/app/download';

let go: jest.Mock;
let alert: jest.Mock;
let hidden: boolean;
let listeners: Array<() => void>;

beforeEach(() => {
  jest.useFakeTimers();
  go = jest.fn();
  alert = jest.fn();
  hidden = false;
  listeners = [];
});
afterEach(() => jest.useRealTimers());

const env = (userAgent: string, lang: 'en' | 'zh-CN' = 'en') => ({
  userAgent,
  lang,
  go,
  alert,
  isHidden: () => hidden,
  onVisibilityChange: (fn: () => void) => {
    listeners.push(fn);
    return () => (listeners = listeners.filter((l) => l !== fn));
  },
});
const hide = () => {
  hidden = true;
  listeners.forEach((l) => l());
};

describe('app-link helper (docs/screens.md)', () => {
  it('Android: opens the app link, and the fallback when the page is still visible after 5000 ms', () => {
    expect(openAppLink(APP, FALLBACK, env(UA.android))).toBe('opened');
    expect(go.mock.calls).toEqual([[APP]]);
    jest.advanceTimersByTime(APP_LINK_FALLBACK_MS - 1);
    expect(go).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(go.mock.calls).toEqual([[APP], [FALLBACK]]);
    expect(APP_LINK_FALLBACK_MS).toBe(5000);
  });

  it('Android: no fallback when the app took over (page hidden)', () => {
    openAppLink(APP, FALLBACK, env(UA.android));
    jest.advanceTimersByTime(1000);
    hide();
    hidden = false; // back to the browser before the timer ends: the app did open
    jest.advanceTimersByTime(APP_LINK_FALLBACK_MS);
    expect(go.mock.calls).toEqual([[APP]]);
    expect(listeners).toHaveLength(0);
  });

  it('Android: no fallback when the page is hidden at the end without an event', () => {
    openAppLink(APP, FALLBACK, env(UA.android));
    hidden = true;
    jest.advanceTimersByTime(APP_LINK_FALLBACK_MS);
    expect(go.mock.calls).toEqual([[APP]]);
  });

  it('iOS: alerts that it is not supported and opens nothing', () => {
    expect(openAppLink(APP, FALLBACK, env(UA.iphone))).toBe('ios-unsupported');
    expect(alert).toHaveBeenCalledWith(appLinkMessages.en.iosNotSupported);
    jest.runAllTimers();
    expect(go).not.toHaveBeenCalled();
  });

  it('desktop: alerts that only Android is supported', () => {
    expect(openAppLink(APP, FALLBACK, env(UA.desktop))).toBe('unsupported');
    expect(alert).toHaveBeenCalledWith(appLinkMessages.en.unsupported);
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    ['WeChat', UA.wechat],
    ['QQ', UA.qq],
    ['Weibo', UA.weibo],
    ['DingTalk', UA.dingtalk],
  ])('inside %s: asks to open the page in a browser (even on Android or iOS)', (_name, ua) => {
    expect(openAppLink(APP, FALLBACK, env(ua))).toBe('in-app-browser');
    expect(alert).toHaveBeenCalledWith(appLinkMessages.en.openInBrowser);
    jest.runAllTimers();
    expect(go).not.toHaveBeenCalled();
  });

  it('the QQ Browser app is a real browser, not an in-app one', () => {
    expect(openAppLink(APP, FALLBACK, env(UA.qqBrowser))).toBe('opened');
  });

  it('alerts in Chinese on a zh-CN page', () => {
    openAppLink(APP, FALLBACK, env(UA.wechat, 'zh-CN'));
    openAppLink(APP, FALLBACK, env(UA.iphone, 'zh-CN'));
    expect(alert.mock.calls).toEqual([
      [appLinkMessages['zh-CN'].openInBrowser],
      [appLinkMessages['zh-CN'].iosNotSupported],
    ]);
    expect(appLinkMessages['zh-CN'].openInBrowser).toMatch(/浏览器/);
  });

  it('uses the real window and document by default', () => {
    const ua = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.android);
    const go2 = jest.fn();
    openAppLink(APP, FALLBACK, { go: go2 });
    jest.advanceTimersByTime(APP_LINK_FALLBACK_MS);
    expect(go2.mock.calls).toEqual([[APP], [FALLBACK]]);

    go2.mockClear();
    openAppLink(APP, FALLBACK, { go: go2 });
    const hiddenSpy = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    hiddenSpy.mockReturnValue(false);
    jest.advanceTimersByTime(APP_LINK_FALLBACK_MS);
    expect(go2.mock.calls).toEqual([[APP]]);
    hiddenSpy.mockRestore();
    ua.mockRestore();
  });
});

describe('"Open in app" where the app link cannot work', () => {
  it('knows iPhones and iPads, also an iPad that says Macintosh', () => {
    expect(isIOS(UA.iphone, 5)).toBe(true);
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari', 5)).toBe(
      true,
    );
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari', 0)).toBe(
      false,
    );
    expect(isIOS(UA.android, 5)).toBe(false);
  });
});
