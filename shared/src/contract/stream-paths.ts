// Paths of the stream calls (plain values: the browser index exports them without zod).
export {};
