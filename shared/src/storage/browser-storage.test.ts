import {
  STORAGE_KEYS,
  clearAll,
  getOtpCount,
  getPinTimestamp,
  getPositionHistory,
  getStorageFlag,
  incrementOtpCount,
  otpCounterKey,
  positionHistoryKey,
  resetOtpCount,
  setPinTimestamp,
  setPositionHistory,
  setStorageFlag,
} from './browser-storage';

beforeEach(() => localStorage.clear());

describe('pinTimestamp', () => {
  it('is stored base64-encoded and read back as a number', () => {
    setPinTimestamp(1700000000123);
    const raw = localStorage.getItem('pinTimestamp');
    expect(raw).toBe(btoa('1700000000123'));
    expect(getPinTimestamp()).toBe(1700000000123);
  });

  it('reads as null when absent or not decodable', () => {
    expect(getPinTimestamp()).toBeNull();
    localStorage.setItem('pinTimestamp', '%%%');
    expect(getPinTimestamp()).toBeNull();
    localStorage.setItem('pinTimestamp', btoa('soon'));
    expect(getPinTimestamp()).toBeNull();
  });
});

describe('OTP counters', () => {
  it('are named OTP_{x}_{encoded y}, so the identifier is not stored readable', () => {
    const key = otpCounterKey('LOGIN', '+6281234567890');
    expect(key).toMatch(/^OTP_LOGIN_/);
    expect(key).not.toContain('6281234567890');
  });

  it('start at 0, increment as integers, and reset', () => {
    expect(getOtpCount('LOGIN', '0812')).toBe(0);
    expect(incrementOtpCount('LOGIN', '0812')).toBe(1);
    expect(incrementOtpCount('LOGIN', '0812')).toBe(2);
    expect(getOtpCount('LOGIN', '0812')).toBe(2);
    expect(getOtpCount('SIGNUP', '0812')).toBe(0);
    resetOtpCount('LOGIN', '0812');
    expect(getOtpCount('LOGIN', '0812')).toBe(0);
  });

  it('read a corrupt value as 0', () => {
    localStorage.setItem(otpCounterKey('LOGIN', 'x'), 'two');
    expect(getOtpCount('LOGIN', 'x')).toBe(0);
    expect(incrementOtpCount('LOGIN', 'x')).toBe(1);
  });
});

describe('flags and position history', () => {
  it('stores modal flags under the specified keys', () => {
    setStorageFlag('RemovedModalOpened', true);
    setStorageFlag('dontShowLeverageModal', true);
    expect(localStorage.getItem('RemovedModalOpened')).toBe('true');
    expect(getStorageFlag('dontShowLeverageModal')).toBe(true);
    expect(getStorageFlag('OnChangedModalOpened')).toBe(false);
    setStorageFlag('RemovedModalOpened', false);
    expect(getStorageFlag('RemovedModalOpened')).toBe(false);
  });

  it('keeps position history per id', () => {
    setPositionHistory('42', [{ price: '100' }]);
    expect(localStorage.getItem('positionHistory_42')).toBe('[{"price":"100"}]');
    expect(getPositionHistory('42')).toEqual([{ price: '100' }]);
    expect(getPositionHistory('43')).toBeNull();
  });
});

describe('clearAll', () => {
  function fill() {
    setPinTimestamp(1);
    setStorageFlag('RemovedModalOpened', true);
    setStorageFlag('OnChangedModalOpened', true);
    setStorageFlag('dontShowLeverageModal', true);
    setPositionHistory('7', []);
    setPositionHistory('8', []);
    localStorage.setItem('unrelated', 'keep');
  }

  it('removes pinTimestamp and the three modal flags, keeping position history and other keys', () => {
    fill();
    clearAll();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(positionHistoryKey('7'))).not.toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });

  it('also removes the position history of the given id only', () => {
    fill();
    clearAll({ positionHistoryId: '7' });
    expect(localStorage.getItem(positionHistoryKey('7'))).toBeNull();
    expect(localStorage.getItem(positionHistoryKey('8'))).not.toBeNull();
  });
});
