// Paths of the identity calls (plain values: the browser index exports them without zod).
export {};
