// `@pasar/shared/contract`: the whole contract with its zod schemas, for the server and for tests.
// The browser-facing index exports `./browser` instead (no zod in the first load, decision 0006).
export * from './enums';
// The market registry the wire's market enums are derived from.
export * from '../markets';
export * from './envelope';
// The strings user free text is built from, and the control characters they refuse.
export * from './text';
export * from './text-values';
export * from './errors';
export * from './platform';
export * from './remote-mounts';
export * from './symbol-info';
export * from './identity';
export * from './identity-paths';
export * from './pin-strength';
export * from './account';
export * from './account-paths';
// The operator (admin) calls that manage operators and read the audit trail.
export * from './operators';
export * from './operators-paths';
export * from './market';
export * from './market-paths';
export * from './stream';
export * from './stream-paths';
export * from './wallet';
export * from './wallet-paths';
export * from './orders';
export * from './crypto';
export * from './crypto-paths';
export * from './portfolio';
export * from './portfolio-paths';
export * from './us-stock';
export * from './us-stock-paths';
export * from './idx';
export * from './idx-paths';
export * from './watchlists';
export * from './watchlists-paths';
export * from './price-alerts';
export * from './price-alerts-paths';
export * from './perps';
export * from './perps-paths';
export * from './reports';
export * from './reports-paths';
export * from './charts';
export * from './charts-paths';
