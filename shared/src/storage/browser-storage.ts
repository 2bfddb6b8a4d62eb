// localStorage keys of product-spec §3 ("Browser storage keys") and their rules.
import { decodeBase64, encodeBase64, encodeBase64Url } from './base64-codec';

export const STORAGE_KEYS = {
  pinTimestamp: 'pinTimestamp',
  removedModalOpened: 'RemovedModalOpened',
  onChangedModalOpened: 'OnChangedModalOpened',
  dontShowLeverageModal: 'dontShowLeverageModal',
} as const;

export type StorageFlagKey = Exclude<(typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS], 'pinTimestamp'>;

/** `OTP_{x}_{encoded y}`: y (a phone number or e-mail) is base64url-encoded so it is not stored readable. */
export const otpCounterKey = (purpose: string, identifier: string): string =>
  `OTP_${purpose}_${encodeBase64Url(identifier)}`;
export const positionHistoryKey = (id: string): string => `positionHistory_${id}`;

// Storage can throw (Safari private mode, disabled storage); the app then simply forgets.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value is only a convenience.
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // As above.
  }
}

/** Stores the time of the last PIN entry (ms since epoch), base64-encoded as §3 requires. */
export function setPinTimestamp(timestampMs: number): void {
  writeItem(STORAGE_KEYS.pinTimestamp, encodeBase64(String(Math.trunc(timestampMs))));
}

/** The last PIN entry time, or null when absent or not decodable. */
export function getPinTimestamp(): number | null {
  const raw = readItem(STORAGE_KEYS.pinTimestamp);
  if (raw === null) return null;
  const decoded = decodeBase64(raw);
  if (decoded === null || !/^\d+$/.test(decoded)) return null;
  return Number(decoded);
}

export function getStorageFlag(key: StorageFlagKey): boolean {
  return readItem(key) === 'true';
}

export function setStorageFlag(key: StorageFlagKey, value: boolean): void {
  if (value) writeItem(key, 'true');
  else removeItem(key);
}

/** OTP request counter: a non-negative integer, 0 when absent or corrupt. */
export function getOtpCount(purpose: string, identifier: string): number {
  const raw = readItem(otpCounterKey(purpose, identifier));
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : 0;
}

export function incrementOtpCount(purpose: string, identifier: string): number {
  const next = getOtpCount(purpose, identifier) + 1;
  writeItem(otpCounterKey(purpose, identifier), String(next));
  return next;
}

export function resetOtpCount(purpose: string, identifier: string): void {
  removeItem(otpCounterKey(purpose, identifier));
}

/** Position history of one portfolio item, as JSON; null when absent or not parseable. */
export function getPositionHistory<T = unknown>(id: string): T | null {
  const raw = readItem(positionHistoryKey(id));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setPositionHistory(id: string, value: unknown): void {
  writeItem(positionHistoryKey(id), JSON.stringify(value));
}

export interface ClearAllOptions {
  /** Also remove `positionHistory_{id}` of this id. */
  positionHistoryId?: string;
}

/** §9 clear-all: pinTimestamp, both modal flags, the leverage modal flag, optionally one position history. */
export function clearAll(options: ClearAllOptions = {}): void {
  removeItem(STORAGE_KEYS.pinTimestamp);
  removeItem(STORAGE_KEYS.removedModalOpened);
  removeItem(STORAGE_KEYS.onChangedModalOpened);
  removeItem(STORAGE_KEYS.dontShowLeverageModal);
  if (options.positionHistoryId !== undefined) removeItem(positionHistoryKey(options.positionHistoryId));
}
