// @pasar/shared: the platform kit. Every public name is reachable from here.
// The contract without its zod schemas (those are in `@pasar/shared/contract`): decision 0006.
export * from './contract/browser';
export * from './platform/remote-module';
export * from './platform/router';
export * from './api';
export * from './events';
export * from './store';
export * from './markets';
export * from './symbols';
export * from './storage';
export * from './device';
export * from './i18n';
export * from './format';
export * from './platform/standalone';
export * from './ui';
export * from './theme';
export * from './stream';
