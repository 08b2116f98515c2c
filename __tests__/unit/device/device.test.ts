import {
  DESKTOP_LOGIN_PATH,
  MOBILE_LOGIN_PATH,
  currentDeviceSignals,
  isDesktopDevice,
  isMobileUserAgent,
  loginPathForDevice,
} from '@/lib/device/device';

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  harmony:
    'Mozilla/5.0 (Linux; Android 10; HarmonyOS; ANA-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0 Mobile Safari/537.36',
};

describe('device rule (docs/screens.md): desktop iff neither mobile UA nor touch-capable', () => {
  it.each([
    ['desktop UA, no touch', { userAgent: UA.windowsChrome, maxTouchPoints: 0, hasTouchEvent: false }, true],
    ['mac UA, no touch', { userAgent: UA.macSafari }, true],
    [
      'desktop UA with a touch screen',
      { userAgent: UA.windowsChrome, maxTouchPoints: 10, hasTouchEvent: false },
      false,
    ],
    [
      'desktop UA with touch events only',
      { userAgent: UA.windowsChrome, maxTouchPoints: 0, hasTouchEvent: true },
      false,
    ],
    ['iPadOS posing as a Mac (touch points give it away)', { userAgent: UA.macSafari, maxTouchPoints: 5 }, false],
    ['Android phone', { userAgent: UA.androidChrome, maxTouchPoints: 0 }, false],
    ['iPhone', { userAgent: UA.iphoneSafari }, false],
    ['iPad', { userAgent: UA.ipad }, false],
    ['HarmonyOS phone', { userAgent: UA.harmony }, false],
  ])('%s → desktop %s', (_label, signals, desktop) => {
    expect(isDesktopDevice(signals)).toBe(desktop);
    expect(loginPathForDevice(signals)).toBe(desktop ? DESKTOP_LOGIN_PATH : MOBILE_LOGIN_PATH);
  });

  it('names the two login screens', () => {
    expect([DESKTOP_LOGIN_PATH, MOBILE_LOGIN_PATH]).toEqual(['/login', '/mobileLogin']);
  });

  it('an empty UA is not a mobile UA', () => {
    expect(isMobileUserAgent('')).toBe(false);
  });

  it("reads the browser's signals", () => {
    const ua = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.iphoneSafari);
    expect(currentDeviceSignals()).toMatchObject({
      userAgent: UA.iphoneSafari,
      hasTouchEvent: 'ontouchstart' in window,
    });
    expect(loginPathForDevice()).toBe('/mobileLogin');
    ua.mockRestore();
  });
});
