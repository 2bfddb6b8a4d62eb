// @pasar/shared: the platform kit. Every public name is reachable from here.
export * from './contract';
export * from './platform/remote-module';
