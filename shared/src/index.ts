// @pasar/shared: the platform kit. Every public name is reachable from here.
export * from './contract';
export * from './platform/remote-module';
export * from './api';
export * from './events';
export * from './store';
export * from './symbols';
export * from './storage';
export * from './device';
export * from './i18n';
export * from './format';
export * from './platform/standalone';
export * from './ui';
export * from './theme';
