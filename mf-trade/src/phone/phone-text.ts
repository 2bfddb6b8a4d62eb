// The phone order bar's words, id and en (its own chunk's, so the trade page's strings stay as they are).
import type { Language } from '@pasar/shared';

export const PHONE_TEXT: Record<Language, { bar: string; buy: string; sell: string; sheet: (symbol: string) => string; close: string }> = {
  id: { bar: 'Beli atau jual', buy: 'Beli', sell: 'Jual', sheet: (symbol) => `Order ${symbol}`, close: 'Tutup' },
  en: { bar: 'Buy or sell', buy: 'Buy', sell: 'Sell', sheet: (symbol) => `Order ${symbol}`, close: 'Close' },
};
