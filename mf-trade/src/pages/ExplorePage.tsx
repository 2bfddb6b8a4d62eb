// The guest explore page of USDT-IDR (§2): the full trade view of the pair, no account needed.
import { TradeWorkspace } from '../components/TradeWorkspace';
import { useTradeT } from '../i18n';

export const EXPLORE_SYMBOL = 'USDT-IDR';

export function ExplorePage() {
  const { t } = useTradeT();
  return <TradeWorkspace symbol={EXPLORE_SYMBOL} title={t('explore.title')} intro={t('explore.description')} />;
}
