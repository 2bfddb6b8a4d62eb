export {
  type AppDevice,
  type DeviceType,
  type OperatingSystem,
  type DeviceInfo,
  DEFAULT_DEVICE_INFO,
  MOBILE_WEB_BASE,
  detectAppDevice,
  detectDeviceInfo,
  isMobileWebRoute,
  mobileWebTheme,
} from './device-detection';
