// The `amount` of the transfer calls is IDR, USD or USDT depending on the direction; it is checked
// here (002 with a detail in the caller's language, nothing changes) before any rule runs.
import { IdrAmount, UsdAmount, UsdtAmount, type Language } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { WalletCurrency } from './fx-math';

const FORMATS = {
  IDR: {
    schema: IdrAmount,
    message: { id: 'harus berupa jumlah Rupiah bulat di atas 0', en: 'must be a whole number of Rupiah above 0' },
  },
  USD: {
    schema: UsdAmount,
    message: { id: 'harus berupa jumlah dolar di atas 0 dengan paling banyak 2 desimal', en: 'must be an amount in dollars above 0 with at most 2 decimals' },
  },
  USDT: {
    schema: UsdtAmount,
    message: { id: 'harus berupa jumlah USDT di atas 0 dengan paling banyak 6 desimal', en: 'must be an amount in USDT above 0 with at most 6 decimals' },
  },
} as const;

/** The amount as a Decimal, or 002 with `{ path: 'amount' }`. */
export function parseAmount(value: string, currency: WalletCurrency, language: Language): Decimal {
  const format = FORMATS[currency];
  if (!format.schema.safeParse(value).success) {
    throw new AppError('002', { details: [{ path: 'amount', message: format.message[language] }] });
  }
  return new Decimal(value);
}
