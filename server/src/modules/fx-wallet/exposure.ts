// What open positions take from the wallets. Nothing yet: US stock trading and perpetuals come in
// later issues, which replace these functions (the wallet figures are computed from them already).
import type { StockWalletName } from '@pasar/shared/contract';
import Decimal from 'decimal.js';

export interface PerpExposure {
  /** USDT margin backing open positions. */
  readonly positionMargin: Decimal;
  readonly unrealizedPnl: Decimal;
  /** Maintenance margin of the open positions (margin ratio = this / margin balance). */
  readonly maintenanceMargin: Decimal;
}

export interface WalletExposure {
  /** USD borrowed against the wallet by open leveraged positions (0 for paln). */
  usdMargin(userId: string, wallet: StockWalletName): Promise<Decimal>;
  perp(userId: string): Promise<PerpExposure>;
}

export const noExposure: WalletExposure = {
  usdMargin: async () => new Decimal(0),
  perp: async () => ({ positionMargin: new Decimal(0), unrealizedPnl: new Decimal(0), maintenanceMargin: new Decimal(0) }),
};
