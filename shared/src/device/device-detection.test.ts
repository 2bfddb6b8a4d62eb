import { detectAppDevice, detectDeviceInfo, isMobileWebRoute, mobileWebTheme } from './device-detection';

describe('detectAppDevice', () => {
  it('gives Android for an Android or Windows Phone app marker, with its version', () => {
    expect(detectAppDevice('Pasar_Android_v2.31')).toEqual({ deviceClass: 'Android', appVersion: 2.31 });
    expect(detectAppDevice('pasar windows phone_v7')).toEqual({ deviceClass: 'Android', appVersion: 7 });
  });

  it('gives iOS for iPad, iPhone, iPod or ios', () => {
    for (const platform of ['iPad', 'iPhone', 'iPod', 'ios']) {
      expect(detectAppDevice(`Pasar_${platform}_v3`)).toEqual({ deviceClass: 'iOS', appVersion: 3 });
    }
  });

  it('defaults the version to 0 when there is no _v number', () => {
    expect(detectAppDevice('Pasar_Android')).toEqual({ deviceClass: 'Android', appVersion: 0 });
    expect(detectAppDevice('Pasar_ios_vX')).toEqual({ deviceClass: 'iOS', appVersion: 0 });
  });

  it('gives none without the app name, for an unknown platform, or for nothing', () => {
    expect(detectAppDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toEqual({ deviceClass: 'none', appVersion: 0 });
    expect(detectAppDevice('Pasar_Symbian_v1')).toEqual({ deviceClass: 'none', appVersion: 1 });
    expect(detectAppDevice(undefined)).toEqual({ deviceClass: 'none', appVersion: 0 });
  });

  it('does not read "ios" inside another word', () => {
    expect(detectAppDevice('Pasar_Kiosk_v1').deviceClass).toBe('none');
  });
});

describe('detectDeviceInfo', () => {
  it('tells phones, tablets and desktops apart', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)';
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0';
    expect(detectDeviceInfo(iphone)).toMatchObject({ deviceType: 'mobile', os: 'iOS' });
    expect(detectDeviceInfo(ipad)).toMatchObject({ deviceType: 'tablet', os: 'iOS' });
    expect(detectDeviceInfo(desktop)).toMatchObject({ deviceType: 'desktop', os: 'Windows', appVersion: 0 });
  });

  it('defaults to a mobile device when the user agent is unknown', () => {
    expect(detectDeviceInfo('').deviceType).toBe('mobile');
  });
});

describe('isMobileWebRoute', () => {
  it('matches /pwa and /pwa/…, also after /en', () => {
    expect(isMobileWebRoute('/pwa')).toBe(true);
    expect(isMobileWebRoute('/pwa/trade/BTC-IDR')).toBe(true);
    expect(isMobileWebRoute('/en/pwa')).toBe(true);
    expect(isMobileWebRoute('/en/pwa/portfolio')).toBe(true);
    expect(isMobileWebRoute('/pwa/en/portfolio')).toBe(true);
  });

  it('does not match other paths that merely start with the letters', () => {
    expect(isMobileWebRoute('/pwax')).toBe(false);
    expect(isMobileWebRoute('/trade/pwa')).toBe(false);
    expect(isMobileWebRoute('/id/pwa')).toBe(false);
    expect(isMobileWebRoute('/')).toBe(false);
  });
});

describe('mobileWebTheme', () => {
  it('is light only when the query says light', () => {
    expect(mobileWebTheme('light')).toBe('light');
    expect(mobileWebTheme('dark')).toBe('dark');
    expect(mobileWebTheme(null)).toBe('dark');
  });
});
