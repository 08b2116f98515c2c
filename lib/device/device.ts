import { UAParser } from 'ua-parser-js';

export type DeviceSignals = {
  userAgent: string;
  /** navigator.maxTouchPoints */
  maxTouchPoints?: number;
  /** Whether touch events exist ('ontouchstart' in window). */
  hasTouchEvent?: boolean;
};

export const DESKTOP_LOGIN_PATH = '/login';
export const MOBILE_LOGIN_PATH = '/mobileLogin';

const MOBILE_DEVICE_TYPES = new Set(['mobile', 'tablet', 'wearable']);
// Some phones report no device model; their OS still says they are handheld.
const MOBILE_OS = new Set(['Android', 'iOS', 'HarmonyOS', 'Windows Phone', 'BlackBerry', 'KaiOS']);

export function isMobileUserAgent(userAgent: string): boolean {
  if (!userAgent) return false;
  const { device, os } = UAParser(userAgent);
  return (!!device.type && MOBILE_DEVICE_TYPES.has(device.type)) || (!!os.name && MOBILE_OS.has(os.name));
}

export function isTouchCapable({ maxTouchPoints = 0, hasTouchEvent = false }: DeviceSignals): boolean {
  return maxTouchPoints > 0 || hasTouchEvent;
}

/** docs/screens.md: a desktop is neither a mobile user agent nor touch-capable. */
export function isDesktopDevice(signals: DeviceSignals = currentDeviceSignals()): boolean {
  return !isMobileUserAgent(signals.userAgent) && !isTouchCapable(signals);
}

/** The login screen for this device (docs/screens.md). */
export function loginPathForDevice(signals: DeviceSignals = currentDeviceSignals()): string {
  return isDesktopDevice(signals) ? DESKTOP_LOGIN_PATH : MOBILE_LOGIN_PATH;
}

/** Reads the browser's signals; on the server it reports a plain desktop. */
export function currentDeviceSignals(): DeviceSignals {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return { userAgent: '' };
  return {
    userAgent: navigator.userAgent ?? '',
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasTouchEvent: 'ontouchstart' in window,
  };
}
