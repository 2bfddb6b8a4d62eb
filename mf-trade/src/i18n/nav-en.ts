// The English nav label of the `trade` namespace: the shell shows it before any trade page loads,
// so it is registered with the module; the rest of English comes with its own chunk (./index.ts).
export const enNav = { trade: 'Trade' };
