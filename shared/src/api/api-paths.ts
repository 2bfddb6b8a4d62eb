// Paths shared code calls itself. The specification does not give exact paths (§7); these are
// the ones the Pasar server serves, kept here so client and server agree in one place.
export const API_PATHS = {
  logout: '/api/logout',
  /** On the trade host. */
  symbolInfo: '/api/symbol-info',
} as const;
