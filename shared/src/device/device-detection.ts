// Device class of product-spec §4 (the native app's web views identify themselves with an
// "{app}_{platform}_v{version}" marker in a cookie or header) and plain browser detection.
import type { DeviceClass, ThemeName } from '../contract/enums';
import { APP_NAME } from '../format/constants';

export interface AppDevice {
  deviceClass: DeviceClass;
  /** App version as a number ("2.31" → 2.31); 0 when absent. */
  appVersion: number;
}

const ANDROID = /android|windows phone/i;
// "ios" only as its own word ("Pasar_ios_v2"), so words that merely contain it do not match.
const IOS = /ipad|iphone|ipod|(?:^|[^a-z])ios(?:[^a-z]|$)/i;
const VERSION = /_v(\d+(?:\.\d+)?)/i;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads the device class from a cookie or header value such as "Pasar_Android_v2.31".
 * Without the app name it is an ordinary browser: class none, version 0.
 */
export function detectAppDevice(source: string | null | undefined, appName: string = APP_NAME): AppDevice {
  if (!source || !new RegExp(escapeRegExp(appName), 'i').test(source)) return { deviceClass: 'none', appVersion: 0 };
  const deviceClass: DeviceClass = ANDROID.test(source) ? 'Android' : IOS.test(source) ? 'iOS' : 'none';
  const version = VERSION.exec(source);
  const appVersion = version ? Number.parseFloat(version[1]) : 0;
  return { deviceClass, appVersion: Number.isFinite(appVersion) ? appVersion : 0 };
}

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type OperatingSystem = 'Android' | 'iOS' | 'Windows' | 'macOS' | 'Linux' | 'unknown';

/** Device info of the store (§3). deviceType defaults to mobile. */
export interface DeviceInfo {
  userAgent: string;
  deviceType: DeviceType;
  os: OperatingSystem;
  appVersion: number;
}

export const DEFAULT_DEVICE_INFO: DeviceInfo = { userAgent: '', deviceType: 'mobile', os: 'unknown', appVersion: 0 };

function detectOs(userAgent: string): OperatingSystem {
  if (ANDROID.test(userAgent)) return 'Android';
  if (/ipad|iphone|ipod/i.test(userAgent)) return 'iOS';
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/mac os x|macintosh/i.test(userAgent)) return 'macOS';
  if (/linux|cros/i.test(userAgent)) return 'Linux';
  return 'unknown';
}

function detectType(userAgent: string): DeviceType {
  if (/ipad|tablet/i.test(userAgent) || (/android/i.test(userAgent) && !/mobile/i.test(userAgent))) return 'tablet';
  if (/mobi|iphone|ipod|windows phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Device info from a browser user agent; the app version comes from the app marker if any. */
export function detectDeviceInfo(userAgent: string, appMarker?: string | null): DeviceInfo {
  if (!userAgent) return { ...DEFAULT_DEVICE_INFO, appVersion: detectAppDevice(appMarker).appVersion };
  return {
    userAgent,
    deviceType: detectType(userAgent),
    os: detectOs(userAgent),
    appVersion: detectAppDevice(appMarker ?? userAgent).appVersion,
  };
}

/** Mobile web base path (§2). */
export const MOBILE_WEB_BASE = '/pwa';

/** True for /pwa and /pwa/… (the shell's order is /pwa/en/…); /en/pwa/… is accepted too. */
export function isMobileWebRoute(pathname: string): boolean {
  return /^(?:\/en)?\/pwa(?:\/|$)/i.test(pathname);
}

/** §2: on a mobile-web route the theme is light only if the query asks for light. */
export function mobileWebTheme(themeQuery: string | null | undefined): ThemeName {
  return themeQuery === 'light' ? 'light' : 'dark';
}
