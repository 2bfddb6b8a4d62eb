// The per-device unique id (§9): generated once, then read back on every visit.
import { COOKIE_KEYS, LONG_LIVED_COOKIE_DAYS, getCookie, setCookie } from './cookie-storage';
import { readItem, writeItem } from './browser-storage';
import { createUuid } from './uuid-generator';

/**
 * Returns the device id, creating and persisting it if absent. The cookie is the source of
 * truth; localStorage is a second copy so clearing cookies alone does not look like a new device.
 */
export function getDeviceId(generate: () => string = createUuid): string {
  const existing = getCookie(COOKIE_KEYS.deviceId) || readItem(COOKIE_KEYS.deviceId);
  const id = existing || generate();
  if (getCookie(COOKIE_KEYS.deviceId) !== id) setCookie(COOKIE_KEYS.deviceId, id, { expires: LONG_LIVED_COOKIE_DAYS });
  if (readItem(COOKIE_KEYS.deviceId) !== id) writeItem(COOKIE_KEYS.deviceId, id);
  return id;
}
