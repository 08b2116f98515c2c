import { useLoginFailure } from '@/stores/login-failure';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { useUserInfo } from '@/stores/user-info';
import type { ConfirmFn, ConfirmOptions, DialogVariant } from './dialogs/types';
import { LOGIN_EXPIRED_CODE } from '@/lib/api/envelope';
import { onRequestFailure } from '@/lib/api/request-events';
import { pageLocale, type RequestError } from '@/lib/api/request-error';
import { removeToken, setLoginUrl } from '@/lib/api/token';

/** Button labels of docs/api.md (en verbatim) and their zh-CN counterparts. */
export const dialogTexts = {
  en: { ok: 'got it', cancel: 'cancel', login: 'login' },
  'zh-CN': { ok: '知道了', cancel: '取消', login: '登录' },
} as const;

/** Pages where a 401 raises the event but shows no prompt: /functionality (docs/screens.md), and the login screens themselves. */
const NO_PROMPT_PATHS = new Set(['/functionality', '/mobileFunctionality', '/login', '/mobileLogin']);

export type ErrorHandlerDeps = {
  /** Loads the dialog implementation for desktop or mobile pages. */
  loadDialogs: (variant: DialogVariant) => Promise<ConfirmFn>;
  location: () => { pathname: string; search: string };
  navigate: (path: string) => void;
  /** The device's login screen (docs/screens.md). */
  loginPath: () => string | Promise<string>;
  /** The page shows the mobile chrome: a phone gets mobile pages under desktop URLs too (proxy.ts). */
  mobileChrome: () => boolean;
};

const browserDeps: ErrorHandlerDeps = {
  loadDialogs: (variant) =>
    variant === 'mobile'
      ? import('./dialogs/antd-mobile').then((m) => m.confirm)
      : import('./dialogs/antd').then((m) => m.confirm),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  navigate: (path) => window.location.assign(path),
  loginPath: () => import('@/lib/device/device').then((m) => m.loginPathForDevice()),
  mobileChrome: () => document.querySelector('[data-chrome="mobile"]') !== null,
};

// If the dialog chunk itself fails to load, the user still gets the choice.
const nativeConfirm: ConfirmFn = ({ kind, title, content, onOk, onCancel }) => {
  const text = [title, content].filter(Boolean).join('\n');
  if (kind === 'error') {
    window.alert(text);
    onOk();
  } else if (window.confirm(text)) onOk();
  else onCancel();
};

const normalizePath = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The global handler of docs/api.md: reads code and msg from every failed call. */
export function createErrorHandler(overrides: Partial<ErrorHandlerDeps> = {}) {
  const deps: ErrorHandlerDeps = { ...browserDeps, ...overrides };
  const openErrors = new Set<string>();

  function show(options: ConfirmOptions) {
    const variant: DialogVariant =
      deps.location().pathname.startsWith('/mobile') || deps.mobileChrome() ? 'mobile' : 'desktop';
    deps.loadDialogs(variant).then(
      (confirm) => confirm(options),
      () => nativeConfirm(options),
    );
  }

  function loginExpired(err: RequestError) {
    removeToken();
    useUserInfo.getState().clearUserInfo();
    useLoginFailure.getState().raise(err.code, err.msg);
    if (NO_PROMPT_PATHS.has(normalizePath(deps.location().pathname))) return;
    // Only one re-login prompt at a time (docs/screens.md), however many calls failed.
    if (!useReloginPrompt.getState().tryOpen()) return;
    const lang = pageLocale();
    const t = dialogTexts[lang];
    show({
      kind: 'relogin',
      title: err.text,
      okText: t.login,
      cancelText: t.cancel,
      onOk: () => {
        useReloginPrompt.getState().close();
        removeToken();
        const { pathname, search } = deps.location();
        setLoginUrl(pathname + search);
        void Promise.resolve(deps.loginPath()).then(deps.navigate);
      },
      onCancel: () => {
        useReloginPrompt.getState().close();
        removeToken();
      },
    });
  }

  function otherError(err: RequestError) {
    const lang = pageLocale();
    const content = err.text;
    // Several calls failing the same way at once show one dialog, not a stack.
    if (openErrors.has(content)) return;
    openErrors.add(content);
    const done = () => openErrors.delete(content);
    const t = dialogTexts[lang];
    show({ kind: 'error', content, okText: t.ok, cancelText: t.cancel, onOk: done, onCancel: done });
  }

  return (err: RequestError, _call: string, opts: { skipErrorHandler: boolean }) => {
    if (err.code === LOGIN_EXPIRED_CODE) loginExpired(err);
    else if (!opts.skipErrorHandler) otherError(err);
  };
}

let installed: (() => void) | undefined;

/** Subscribes the global handler to every call; a second install replaces the first. */
export function installErrorHandler(overrides: Partial<ErrorHandlerDeps> = {}): () => void {
  installed?.();
  const off = onRequestFailure(createErrorHandler(overrides));
  const uninstall = () => {
    off();
    if (installed === uninstall) installed = undefined;
  };
  installed = uninstall;
  return uninstall;
}
