// The names of the parts of what a person owns (the server's one total, `NetWorth.parts`), id and
// en: the balance page and the portfolio list them. `@pasar/shared/net-worth-text`, not the shared
// index: the pages that show a total load it, the guest's first load does not. A part a newer
// market adds has its name here too; an unknown key reads as "other holdings".
import type { Language } from '../contract/enums';

const PARTS = {
  id: {
    IDR_CASH: 'Rupiah (termasuk yang ditahan)',
    USD_WALLETS: 'Dompet saham AS (USD)',
    USDT_MARGIN: 'Margin perpetual (USDT)',
    CRYPTO: 'Kripto',
    USSTOCK: 'Saham AS',
    IDX: 'Saham Indonesia',
    PERPS: 'Posisi perpetual',
    US_CFD: 'Laba/rugi CFD saham AS (2x, 4x)',
  },
  en: {
    IDR_CASH: 'Rupiah (with what is on hold)',
    USD_WALLETS: 'US stock wallets (USD)',
    USDT_MARGIN: 'Perpetuals margin (USDT)',
    CRYPTO: 'Crypto',
    USSTOCK: 'US stocks',
    IDX: 'Indonesian stocks',
    PERPS: 'Perpetual positions',
    US_CFD: 'US stock CFD profit/loss (2x, 4x)',
  },
} as const satisfies Record<Language, Record<string, string>>;

const OTHER: Record<Language, string> = { id: 'Aset lainnya', en: 'Other holdings' };

/** The name of the list of parts under a total. */
export const NET_WORTH_LABEL: Record<Language, string> = { id: 'Isi total', en: 'What the total counts' };

/** A part's name by its key. */
export function netWorthPartName(language: Language, key: string): string {
  const names: Record<string, string> = PARTS[language];
  return names[key] ?? OTHER[language];
}
