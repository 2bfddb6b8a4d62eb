export { createUuid, UUID_PATTERN } from './uuid-generator';
export { encodeBase64, decodeBase64, encodeBase64Url } from './base64-codec';
export {
  type CookieKey,
  type CookieOptions,
  COOKIE_KEYS,
  LONG_LIVED_COOKIE_DAYS,
  tokenCookieKey,
  refreshTokenCookieKey,
  dontShowCookieKey,
  getCookie,
  setCookie,
  removeCookie,
  getDontShow,
  setDontShow,
  clearSessionCookies,
} from './cookie-storage';
export {
  type StorageFlagKey,
  type ClearAllOptions,
  STORAGE_KEYS,
  otpCounterKey,
  positionHistoryKey,
  readItem,
  writeItem,
  removeItem,
  setPinTimestamp,
  getPinTimestamp,
  getStorageFlag,
  setStorageFlag,
  getOtpCount,
  incrementOtpCount,
  resetOtpCount,
  getPositionHistory,
  setPositionHistory,
  clearAll,
} from './browser-storage';
export { getDeviceId } from './device-id';
export { MIN_DECODED_TOKEN_LENGTH, isValidAccessToken } from './access-token';
