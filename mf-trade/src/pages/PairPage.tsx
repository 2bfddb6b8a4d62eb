// A pair URL (§2): `/trade/<symbol>` opens the trade view of any listed symbol of any market, the
// address a person shares. USDT-IDR keeps its own explore page (a more specific route).
import { useParams } from '@pasar/shared';
import { TradeWorkspace } from '../components/TradeWorkspace';
import { useTradeT } from '../i18n';
import { pairSymbolOf } from '../markets/trade-market';

export function PairPage() {
  const { t } = useTradeT();
  const { symbol } = useParams();
  return <TradeWorkspace symbol={pairSymbolOf(symbol)} title={t('home.title')} />;
}
