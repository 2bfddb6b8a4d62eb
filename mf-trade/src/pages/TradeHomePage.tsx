// Trade home (§2): `?ticker=` picks the symbol (default BTC-IDR); the market follows the symbol.
import { useSearchParams } from '@pasar/shared';
import { TradeWorkspace } from '../components/TradeWorkspace';
import { useTradeT } from '../i18n';
import { selectedTicker } from '../markets/trade-market';

export function TradeHomePage() {
  const { t } = useTradeT();
  const [search] = useSearchParams();
  return <TradeWorkspace symbol={selectedTicker(search)} title={t('home.title')} />;
}
