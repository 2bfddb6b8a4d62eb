// Paths of the market calls (plain values: the browser index exports them without zod).
export {};
