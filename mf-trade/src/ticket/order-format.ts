// How the panel writes its figures: money in the ticket's currency (IDR in whole Rupiah, USD in
// cents), prices at the instrument's precision, quantities with the asset code, never rounded up.
import { formatCurrency } from '@pasar/shared';
import { formatPrice, formatQuantity, type PriceFormat } from '../market/price-format';
import type { TicketCurrency } from './market-descriptor';

export interface OrderFormatter {
  /** An amount in the ticket's currency. */
  money: (value: string) => string;
  /** An amount in IDR (crypto's money; a US order's total in Rupiah). */
  idr: (value: string) => string;
  price: (value: string) => string;
  quantity: (value: string) => string;
}

const MONEY_DIGITS: Record<TicketCurrency, { minFractionDigits: number; maxFractionDigits: number }> = {
  IDR: { minFractionDigits: 0, maxFractionDigits: 0 },
  USD: { minFractionDigits: 2, maxFractionDigits: 2 },
};

export function orderFormatter(format: PriceFormat, asset: string, quantityPrecision: number, currency: TicketCurrency = 'IDR'): OrderFormatter {
  const idr = (value: string) => formatCurrency(value, 'IDR', format.lng, { ...MONEY_DIGITS.IDR, rounding: 'trunc' });
  return {
    money: currency === 'IDR' ? idr : (value) => formatCurrency(value, currency, format.lng, { ...MONEY_DIGITS[currency], rounding: 'trunc' }),
    idr,
    price: (value) => formatPrice(value, format),
    quantity: (value) => `${formatQuantity(value, format.lng, quantityPrecision)} ${asset}`,
  };
}

/** "BTC" of "BTC-IDR"; a stock's ticker as is. */
export const assetOf = (symbol: string): string => symbol.split('-')[0] ?? symbol;
