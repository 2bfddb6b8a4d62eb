// Market data (issue 4): instruments, candles, prices, order books, trades, statuses, halts, news — zod schemas and their types.
export {};
