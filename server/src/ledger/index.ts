// The ledger's public names: the interface others code against, the implementation, the plugin.
export * from './api';
export { createLedger, type LedgerOptions } from './ledger';
export { CURRENCY_SCALES, MAX_SCALE } from './refs';
export { ledgerPlugin } from './plugin';
