// What open positions take from the wallets, from the margin engine (`app.margin.exposure`, the one
// engine that answers for every market): the perpetuals margin wallet's position margin,
// unrealized P&L and maintenance margin (its `marginRatioPercentage`); and per leverage wallet the
// margin of its open US CFD positions (`usdMargin`, market USSTOCK_LEV, the wallet as the engine's
// book) and their unrealized P&L.
import type { LeverageWalletName } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { MarginEngine } from '../../trading/margin/api';

export interface PerpExposure {
  /** USDT margin backing open positions. */
  readonly positionMargin: Decimal;
  readonly unrealizedPnl: Decimal;
  /** Maintenance margin of the open positions (margin ratio = this / margin balance). */
  readonly maintenanceMargin: Decimal;
}

export interface StockExposure {
  /** USD margin of the wallet's open positions (held on the wallet by the ledger). */
  readonly margin: Decimal;
  /** Their unrealized P&L at the marks now. */
  readonly unrealizedPnl: Decimal;
}

export interface WalletExposure {
  stock(userId: string, wallet: LeverageWalletName): Promise<StockExposure>;
  perp(userId: string): Promise<PerpExposure>;
}

/** The wallets' exposure from the margin engine (perps: book 'PERP'; US CFDs: books 'leverage' and 'intraday'). */
export function marginExposure(margin: Pick<MarginEngine, 'exposure'>): WalletExposure {
  return {
    async stock(userId, wallet) {
      const e = await margin.exposure('USSTOCK_LEV', userId, wallet);
      return { margin: new Decimal(e.positionMargin), unrealizedPnl: new Decimal(e.unrealizedPnl) };
    },
    async perp(userId) {
      const e = await margin.exposure('PERPS', userId, 'PERP');
      return { positionMargin: new Decimal(e.positionMargin), unrealizedPnl: new Decimal(e.unrealizedPnl), maintenanceMargin: new Decimal(e.maintenanceMargin) };
    },
  };
}
