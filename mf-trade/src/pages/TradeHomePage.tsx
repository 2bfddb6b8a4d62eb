// Trade home (§2): `?ticker=` picks the symbol (default BTC-IDR); the market follows the symbol.
import styled from '@emotion/styled';
import { appStore, Page, PageHeader, tokens, useSearchParams } from '@pasar/shared';
import { useEffect } from 'react';
import { MarketNav } from '../components/MarketNav';
import { SymbolSummary } from '../components/SymbolSummary';
import { TradingViews } from '../components/TradingViews';
import { useTradeT } from '../i18n';
import { marketOfSymbol, selectedTicker } from '../markets/trade-market';
import { useSymbolEntry } from '../markets/use-symbol-entry';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
`;

export function TradeHomePage() {
  const { t } = useTradeT();
  const [search] = useSearchParams();
  const symbol = selectedTicker(search);
  const market = marketOfSymbol(symbol, useSymbolEntry(symbol));

  // The active symbol is shared state (and the last-symbol cookie) other parts of the app read.
  useEffect(() => {
    appStore.getState().setActiveSymbol(symbol);
  }, [symbol]);

  return (
    <Page>
      <PageHeader title={t('home.title')} subtitle={t('home.description')} />
      <Body>
        <MarketNav current={market} />
        <SymbolSummary symbol={symbol} market={market} />
        <TradingViews symbol={symbol} />
      </Body>
    </Page>
  );
}
