// Paths of the account calls (plain values: the browser index exports them without zod).
export {};
