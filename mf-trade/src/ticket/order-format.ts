// How the panel writes its figures: IDR in whole Rupiah, prices at the instrument's precision,
// quantities with the asset code, never rounded up.
import { formatCurrency } from '@pasar/shared';
import { formatPrice, formatQuantity, type PriceFormat } from '../market/price-format';

export interface OrderFormatter {
  idr: (value: string) => string;
  price: (value: string) => string;
  quantity: (value: string) => string;
}

export function orderFormatter(format: PriceFormat, asset: string, quantityPrecision: number): OrderFormatter {
  return {
    idr: (value) => formatCurrency(value, 'IDR', format.lng, { maxFractionDigits: 0, rounding: 'trunc' }),
    price: (value) => formatPrice(value, format),
    quantity: (value) => `${formatQuantity(value, format.lng, quantityPrecision)} ${asset}`,
  };
}

/** "BTC" of "BTC-IDR". */
export const assetOf = (symbol: string): string => symbol.split('-')[0] ?? symbol;
