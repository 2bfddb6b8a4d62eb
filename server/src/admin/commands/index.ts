// Every operator command, by area. A new area is a file here exporting an AdminCommand as default.
import type { AdminCommand } from '../command';
import audit from './audit';
import cashout from './cashout';
import idx from './idx';
import kyc from './kyc';
import market from './market';
import operators from './operators';
import suggestions from './suggestions';
import user from './user';

export const ADMIN_COMMANDS: readonly AdminCommand[] = [kyc, market, user, cashout, suggestions, idx, operators, audit];
