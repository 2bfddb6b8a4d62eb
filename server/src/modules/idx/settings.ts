// The IDX fee schedule as the §9 fee math's rates (config `idx`: fractions).
import type { FeeRates } from '@pasar/shared/trading';
import type { IdxConfig } from '../../config';

/** The rates of one side: that side's broker fee, and the final tax on sells only. */
export const idxRatesOf = (settings: IdxConfig, side: 'BUY' | 'SELL'): FeeRates => ({
  feeRate: side === 'BUY' ? settings.buyFeeRate : settings.sellFeeRate,
  buyTaxRate: '0',
  sellTaxRate: settings.sellTaxRate,
});
