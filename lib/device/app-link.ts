import { UAParser } from 'ua-parser-js';

/** App-link fallback timer (docs/screens.md). */
export const APP_LINK_FALLBACK_MS = 5000;

const IN_APP_BROWSER = /MicroMessenger|QQ\/|Weibo|DingTalk/i;

export const appLinkMessages = {
  en: {
    iosNotSupported: 'Opening the app is not supported on iOS yet.',
    unsupported: 'Opening the app is only supported on Android.',
    openInBrowser: 'Please open this page in your browser (tap ··· in the top right corner, then "Open in browser").',
  },
  'zh-CN': {
    iosNotSupported: '暂不支持在 iOS 上打开应用。',
    unsupported: '仅支持在安卓设备上打开应用。',
    openInBrowser: '请点击右上角 ··· ，选择“在浏览器中打开”后再试。',
  },
} as const;
export type AppLinkLang = keyof typeof appLinkMessages;

export type AppLinkEnv = {
  userAgent: string;
  lang: AppLinkLang;
  /** Goes to a URL (the app link or the fallback). */
  go: (url: string) => void;
  alert: (message: string) => void;
  isHidden: () => boolean;
  /** Subscribes to visibility changes; returns the unsubscribe. */
  onVisibilityChange: (fn: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
};

export type AppLinkOutcome = 'opened' | 'ios-unsupported' | 'unsupported' | 'in-app-browser';

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSER.test(userAgent);
}

/**
 * Open in app (docs/screens.md): on Android opens the native app link and, if the page is still
 * visible after 5 s (the app did not take over), goes to the fallback link.
 * iOS and other systems are told it is not supported; chat apps' in-app
 * browsers block app links, so their users are asked to open a real browser.
 */
export function openAppLink(
  appLink: string,
  fallbackLink: string,
  overrides: Partial<AppLinkEnv> = {},
): AppLinkOutcome {
  const env: AppLinkEnv = { ...browserEnv(), ...overrides };
  const t = appLinkMessages[env.lang];
  if (isInAppBrowser(env.userAgent)) {
    env.alert(t.openInBrowser);
    return 'in-app-browser';
  }
  const os = UAParser(env.userAgent).os.name;
  if (os === 'iOS') {
    env.alert(t.iosNotSupported);
    return 'ios-unsupported';
  }
  if (os !== 'Android' && os !== 'HarmonyOS') {
    env.alert(t.unsupported);
    return 'unsupported';
  }

  let left = false;
  const unsubscribe = env.onVisibilityChange(() => {
    if (env.isHidden()) left = true;
  });
  env.setTimeout(() => {
    unsubscribe();
    if (!left && !env.isHidden()) env.go(fallbackLink);
  }, APP_LINK_FALLBACK_MS);
  env.go(appLink);
  return 'opened';
}

function browserEnv(): AppLinkEnv {
  return {
    userAgent: navigator.userAgent,
    lang: document.documentElement.lang.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en',
    go: (url) => window.location.assign(url),
    alert: (message) => window.alert(message),
    isHidden: () => document.hidden,
    onVisibilityChange: (fn) => {
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  };
}
