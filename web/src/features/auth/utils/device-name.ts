import { i18n } from '@/lib/i18n';

/** What kind of device a browser runs on, as far as its user agent tells. */
export type DeviceKind = 'iphone' | 'ipad' | 'ipod' | 'androidPhone' | 'androidTablet' | 'browser';

export interface DeviceDescription {
  kind: DeviceKind;
  /** The browser's brand for a computer ("Chrome"); null when unknown or not needed. */
  browser: string | null;
  /** The computer's system ("Windows"); null when unknown or not needed. */
  os: string | null;
}

/** Brands as their makers write them, in the order to test them (Edge and Opera also say "Chrome"). */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, candidates: ReadonlyArray<readonly [RegExp, string]>) =>
  candidates.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/**
 * The device a user agent describes. A phone or tablet is named by itself
 * (what a parent recognises on the child's card); a computer by its browser
 * and system. iPadOS asks for desktop pages as a Mac: a "Mac" with a touch
 * screen (`maxTouchPoints` over 1) is an iPad.
 */
export function describeDevice(userAgent: string, maxTouchPoints = 0): DeviceDescription {
  const device = (kind: DeviceKind): DeviceDescription => ({ kind, browser: null, os: null });
  if (/\biPad\b/.test(userAgent)) return device('ipad');
  if (/\biPhone\b/.test(userAgent)) return device('iphone');
  if (/\biPod\b/.test(userAgent)) return device('ipod');
  if (/\bAndroid\b/.test(userAgent)) return device(/\bMobile\b/.test(userAgent) ? 'androidPhone' : 'androidTablet');
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return device('ipad');
  return { kind: 'browser', browser: firstMatch(userAgent, BROWSERS), os: firstMatch(userAgent, SYSTEMS) };
}

/** The longest name sent: the card has room for a short one, and user agents can be long. */
export const DEVICE_NAME_MAX = 40;

/** A device's short name in the interface language: "iPhone", "Android phone", "Chrome on Windows". */
export function deviceNameOf({ kind, browser, os }: DeviceDescription): string {
  const name =
    kind !== 'browser'
      ? i18n.t(`auth:device.names.${kind}`)
      : browser && os
        ? i18n.t('auth:device.names.browserOn', { browser, os })
        : (browser ?? os ?? i18n.t('auth:device.names.unknown'));
  return name.slice(0, DEVICE_NAME_MAX);
}

/** This browser's device name, to send when it claims a sign-in code. */
export function thisDeviceName(): string {
  return deviceNameOf(describeDevice(navigator.userAgent, navigator.maxTouchPoints));
}
