export { webRoutes } from './routes';
export { RemoteRegistryStore, originsOf, EMPTY_REGISTRY_UPDATED_AT, type RegistryRead } from './registry-store';
export { contentSecurityPolicy } from './csp';
