// Paths shared code calls itself. The specification does not give exact paths (§7); these are
// the ones the Pasar server serves, kept here so client and server agree in one place.
export const API_PATHS = {
  logout: '/api/logout',
  /** On the trade host. */
  symbolInfo: '/api/symbol-info',
} as const;

/** The session calls the shared client itself makes (identity contract of issue 3). */
export const SESSION_PATHS = {
  refresh: '/api/auth/refresh',
  pinVerify: '/api/pin/verify',
  bappebtiTnc: '/api/user/bappebti-tnc',
  userMe: '/api/user/me',
} as const;
