import { ACCOUNT_PATHS } from '../contract/account-paths';
import { IDENTITY_PATHS } from '../contract/identity-paths';

// Paths shared code calls itself. The specification does not give exact paths (§7); these are
// the ones the Pasar server serves, kept here so client and server agree in one place.
export const API_PATHS = {
  logout: '/api/logout',
  /** On the trade host. */
  symbolInfo: '/api/symbol-info',
} as const;

/** The session calls the shared client itself makes, taken from the identity and account contracts. */
export const SESSION_PATHS = {
  refresh: IDENTITY_PATHS.refresh,
  pinVerify: IDENTITY_PATHS.pinVerify,
  bappebtiTnc: ACCOUNT_PATHS.bappebtiTnc,
  userMe: ACCOUNT_PATHS.me,
} as const;
