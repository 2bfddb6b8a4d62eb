// The order panel's UI constants (§9 slider; the estimate's pacing).
export const ORDER_PANEL_CONFIG = {
  /** §9: 0–100 in steps of 1, marks at 0, 25, 50, 75 and 100. */
  slider: { min: 0, max: 100, step: 1, marks: [0, 25, 50, 75, 100] },
  /** The estimate call waits for typing to pause this long (ms). */
  estimateDelayMs: 350,
} as const;
