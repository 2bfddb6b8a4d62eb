// How a ledger transfer reads in the transaction history: its product and type from the transfer's
// kind (and, for fills, the market's fill key prefix, the memo's side and a liquidation reason).
// One list for every market; a kind that is not here reads as OTHER, so a new movement is still
// listed. Rules are tried in order: a liquidation rule comes before the side rules of its kind.
import type { TransactionProduct, TransactionType } from '@pasar/shared/contract';
import type { ClassificationRule } from './repo';

interface Rule extends ClassificationRule {
  readonly product: TransactionProduct;
  readonly type: TransactionType;
}

const fills = (kind: string, keyPrefix: string, product: TransactionProduct): Rule[] => [
  { kind, keyPrefix, side: 'BUY', product, type: 'BUY' },
  { kind, keyPrefix, side: 'SELL', product, type: 'SELL' },
];

export const CLASSIFICATION_RULES: readonly Rule[] = [
  { kind: 'TOPUP', product: 'WALLET', type: 'TOPUP' },
  { kind: 'CASHOUT', product: 'WALLET', type: 'CASHOUT' },
  { kind: 'FX', product: 'WALLET', type: 'TRANSFER' },
  { kind: 'LEVERAGE_DEPOSIT', product: 'WALLET', type: 'TRANSFER' },
  { kind: 'LEVERAGE_WITHDRAW', product: 'WALLET', type: 'TRANSFER' },
  { kind: 'PERP_MARGIN_DEPOSIT', product: 'WALLET', type: 'TRANSFER' },
  { kind: 'PERP_MARGIN_WITHDRAW', product: 'WALLET', type: 'TRANSFER' },
  { kind: 'USD_YIELD', product: 'WALLET', type: 'YIELD' },
  ...fills('ORDER_FILL', 'crypto-fill:', 'CRYPTO'),
  ...fills('ORDER_FILL', 'us-fill:', 'US_STOCK'),
  ...fills('ORDER_FILL', 'idx-fill:', 'IDX'),
  { kind: 'MARGIN_FILL', keyPrefix: 'perp-fill:', liquidation: true, product: 'PERPS', type: 'LIQUIDATION' },
  ...fills('MARGIN_FILL', 'perp-fill:', 'PERPS'),
  { kind: 'PERP_FUNDING', product: 'PERPS', type: 'FUNDING' },
  { kind: 'MARGIN_FILL', keyPrefix: 'uslev-fill:', liquidation: true, product: 'US_STOCK', type: 'LIQUIDATION' },
  ...fills('MARGIN_FILL', 'uslev-fill:', 'US_STOCK'),
  { kind: 'US_LEVERAGE_OPEN', product: 'US_STOCK', type: 'BUY' },
  { kind: 'US_LEVERAGE_CLOSE', liquidation: true, product: 'US_STOCK', type: 'LIQUIDATION' },
  { kind: 'US_LEVERAGE_CLOSE', product: 'US_STOCK', type: 'SELL' },
  { kind: 'US_LEVERAGE_FINANCING', product: 'US_STOCK', type: 'FINANCING' },
  { kind: 'CFD_FINANCING', product: 'US_STOCK', type: 'FINANCING' },
  { kind: 'DIVIDEND', product: 'US_STOCK', type: 'DIVIDEND' },
  { kind: 'SPLIT', product: 'US_STOCK', type: 'SPLIT' },
  { kind: 'IDX_SETTLEMENT', product: 'IDX', type: 'SETTLEMENT' },
];

/** What a transfer no rule matches reads as. */
export const UNCLASSIFIED = { product: 'OTHER', type: 'OTHER' } as const satisfies { product: TransactionProduct; type: TransactionType };
