// What open positions take from the wallets, from the margin engine (`app.margin`, issue 12):
// the perpetuals margin wallet's position margin, unrealized P&L and maintenance margin (its
// `marginRatioPercentage`), and the USD held in leveraged US stock positions per wallet
// (`usdMargin`: the notional at the mark, so buyingPower = usdCash × leverage − usdMargin). A
// market that has not registered with the margin engine has no exposure.
import type { StockWalletName } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { MarginEngine } from '../../trading/margin/api';

export interface PerpExposure {
  /** USDT margin backing open positions. */
  readonly positionMargin: Decimal;
  readonly unrealizedPnl: Decimal;
  /** Maintenance margin of the open positions (margin ratio = this / margin balance). */
  readonly maintenanceMargin: Decimal;
}

export interface WalletExposure {
  /** USD used against the wallet by open leveraged positions (0 for paln). */
  usdMargin(userId: string, wallet: StockWalletName): Promise<Decimal>;
  perp(userId: string): Promise<PerpExposure>;
}

export const noExposure: WalletExposure = {
  usdMargin: async () => new Decimal(0),
  perp: async () => ({ positionMargin: new Decimal(0), unrealizedPnl: new Decimal(0), maintenanceMargin: new Decimal(0) }),
};

/** The wallets' exposure from the margin engine (perps: book 'PERP'; US CFDs: books 'leverage' and 'intraday'). */
export function marginExposure(margin: Pick<MarginEngine, 'exposure'>): WalletExposure {
  return {
    async usdMargin(userId, wallet) {
      if (wallet === 'paln') return new Decimal(0);
      return new Decimal((await margin.exposure('USSTOCK', userId, wallet)).notional);
    },
    async perp(userId) {
      const e = await margin.exposure('PERPS', userId, 'PERP');
      return { positionMargin: new Decimal(e.positionMargin), unrealizedPnl: new Decimal(e.unrealizedPnl), maintenanceMargin: new Decimal(e.maintenanceMargin) };
    },
  };
}
