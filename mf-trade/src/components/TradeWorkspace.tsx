// The trade page of one symbol: market switch and search, the symbol header with the halt status,
// the trading views, the chart, the order book and recent trades, and for crypto and US stocks the order panel
// with the signed-in user's orders. 360 px stacks chart, order panel, book/trades, orders, then the
// open view; from 1024 px the panel (or, for other markets, the book) sits right of the chart; from
// 1280 px the book, the panel and an open view each get a column.
import styled from '@emotion/styled';
import {
  appStore,
  ErrorState,
  ButtonLink,
  Card,
  chartLayoutOf,
  MARKETS,
  marketOfAssetType,
  marketOfKind,
  marketOfSymbol,
  Page,
  symbolCache,
  tokens,
  useAppStore,
  type AssetType,
  type ChartLayoutKind,
  type MarketId,
  type TradingView,
} from '@pasar/shared';
import { memo, useEffect, useId, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useBrowserFullScreen } from '../chart/full-screen';
import { PhoneOrderSlot } from '../phone/PhoneOrderSlot';
import { TradeChart } from '../chart/TradeChart';
import { useTradeT } from '../i18n';
import { fetchTradingHalt } from '../market/market-api';
import { scalePow10, type PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import { useInstrument } from '../market/use-instruments';
import { useLiveTicker } from '../market/use-live-market';
import { useResource } from '../market/use-resource';
import { tradeHomeFor } from '../markets/trade-market';
import { layoutFor } from '../ticket/layout-preference';
import { OrderArea, orderMarketOf, OrdersArea, OrdersFeedSlot } from '../ticket/OrderArea';
import type { OrdersMarket } from '../order-calls/market-calls';
import { PerpsAccountSlot, PerpsBarSlot, PerpsOrderSlot } from '../perps/PerpsSlots';
import { HaltBanner } from './HaltBanner';
import { MarketNav } from './MarketNav';
import { OrderBook } from './OrderBook';
import { RecentTrades } from './RecentTrades';
import { SymbolHeader } from './SymbolHeader';
import { SymbolSearch } from './SymbolSearch';
import { Tabs } from './Tabs';
import { isSidePanelView, SidePanel, TradingViewToolbar } from './TradingViews';

// The workspace re-renders with every live ticker (once per frame at most); the parts that do not
// read the ticker skip those renders.
const StableMarketNav = memo(MarketNav);
const StableSymbolSearch = memo(SymbolSearch);
const StableViewToolbar = memo(TradingViewToolbar);

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
`;

const TopBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.md};
`;

const Grid = styled.div<{ $panel: boolean; $fullScreen: boolean; $order: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: ${({ $fullScreen, $order }) => ($fullScreen ? "'chart'" : $order ? "'chart' 'order' 'market' 'orders' 'panel'" : "'chart' 'market' 'panel'")};
  gap: ${tokens.space.md};
  @media (min-width: 1024px) {
    grid-template-columns: ${({ $fullScreen }) => ($fullScreen ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 340px')};
    grid-template-areas: ${({ $fullScreen, $order }) =>
      $fullScreen ? "'chart'" : $order ? "'chart order' 'orders market' 'panel panel'" : "'chart market' 'panel panel'"};
  }
  @media (min-width: 1280px) {
    grid-template-columns: ${({ $panel, $fullScreen, $order }) =>
      $fullScreen
        ? 'minmax(0, 1fr)'
        : $order
          ? $panel
            ? '300px minmax(0, 1fr) 320px'
            : 'minmax(0, 1fr) 340px 320px'
          : $panel
            ? '300px minmax(0, 1fr) 340px'
            : 'minmax(0, 1fr) 340px'};
    grid-template-areas: ${({ $panel, $fullScreen, $order }) =>
      $fullScreen
        ? "'chart'"
        : $order
          ? $panel
            ? "'panel chart order' 'panel market order' 'panel orders orders'"
            : "'chart market order' 'orders orders order'"
          : $panel
            ? "'panel chart market'"
            : "'chart market'"};
  }
`;

const AreaBox = styled.div<{ $area: string }>`
  grid-area: ${({ $area }) => $area};
  min-width: 0;
  /* The chart's area in the browser's full screen: the page's surface, not the black backdrop. */
  &:fullscreen {
    padding: ${tokens.space.md};
    background: ${tokens.colors.background};
    overflow: auto;
  }
`;

/** Leaving the browser's full screen (Esc) leaves the view. */
const leaveFullScreen = () => {
  if (appStore.getState().misc.tradingView === 'FullScreen') appStore.getState().setMisc({ tradingView: 'None' });
};

/** A grid area, named on the element too (`data-area`): the phone layout moves the `order` area into its sheet. */
const Area = ({ $area, ...rest }: ComponentProps<typeof AreaBox>) => <AreaBox $area={$area} data-area={$area} {...rest} />;

type MarketTab = 'book' | 'trades';

/** An unknown symbol's way on: the search across every market, or the default pair. */
const UnknownActions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${tokens.space.md};
  margin-top: ${tokens.space.lg};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${tokens.fontSizes.xl};
  line-height: ${tokens.lineHeights.tight};
`;

const Intro = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
`;

export interface TradeWorkspaceProps {
  symbol: string;
  /** The page's heading ("Trading", "Explore USDT-IDR") and an optional line under it. */
  title: string;
  intro?: string;
}

export function TradeWorkspace({ symbol, title, intro }: TradeWorkspaceProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const view = useAppStore((state) => state.misc.tradingView);
  const panelId = useId();
  const instrument = useInstrument(symbol);
  const ticker = useLiveTicker(symbol);

  const market = instrument.data
    ? marketOfKind(instrument.data.kind)
    : ticker.data
      ? marketOfAssetType(ticker.data.assetType).id
      : marketOfSymbol(symbol, symbolCache.peek(symbol)?.category);
  const currency = instrument.data?.quoteCurrency ?? MARKETS[market].quoteCurrency;
  const precision = instrument.data?.pricePrecision ?? MARKETS[market].pricePrecision;
  // Stable between live updates, so the memoised book, trades and chart skip a ticker's render.
  const format = useMemo<PriceFormat>(() => ({ currency, precision, lng }), [currency, precision, lng]);
  const tick = instrument.data?.tickSize ?? scalePow10('1', -format.precision);
  const layout = chartLayoutOf(instrument.data ? market : null, instrument.data?.enableProMode ?? false);

  const tickerHalted = ticker.data?.marketState === 'HALTED';
  const halt = useResource(`halt:${symbol}:${tickerHalted}`, (signal) => fetchTradingHalt(symbol, signal), { keepPrevious: true });
  const halted = ticker.data ? tickerHalted : (halt.data?.halted ?? false);
  const haltText = halted ? (halt.data?.reason?.description || t('halt.description')) : null;

  // Crypto spot and US stocks: the order panel, and the signed-in user's orders fed live.
  const ordersMarket = instrument.unknown ? null : orderMarketOf(market, instrument.data);
  // Perps: the perps chunk's panel, positions and orders (its own calls and order shape).
  const perps = market === 'perps' && !instrument.unknown;

  // The active symbol and chart layout are shared state other parts of the app read.
  useEffect(() => {
    appStore.getState().setActiveSymbol(symbol);
  }, [symbol]);
  useEffect(() => {
    appStore.getState().setChart({ layout: layoutFor(layout) });
  }, [layout]);

  const fullScreen = view === 'FullScreen';
  const sideView = isSidePanelView(view) ? view : null;

  if (instrument.unknown && Boolean(ticker.error)) {
    return (
      <Page>
        <ErrorState
          title={t('workspace.unknownTitle', { symbol })}
          description={t('workspace.unknownBody')}
          announce={false}
        />
        <UnknownActions>
          <SymbolSearch />
          <ButtonLink to={tradeHomeFor(MARKETS.crypto.defaultSymbol)}>{t('workspace.openDefault')}</ButtonLink>
        </UnknownActions>
      </Page>
    );
  }

  return (
    <Page data-layout={layout}>
      <Body>
        <div>
          <Title>{title}</Title>
          {intro && <Intro>{intro}</Intro>}
        </div>
        <TopBar>
          <StableMarketNav current={market} />
          <StableSymbolSearch />
        </TopBar>
        <SymbolHeader symbol={symbol} market={market} instrument={instrument.data} ticker={ticker.data} format={format} />
        <HaltBanner halted={halted} reason={halt.data?.halted ? halt.data.reason : null} />
        {perps && <PerpsBarSlot symbol={symbol} format={format} />}
        {ordersMarket && <OrdersFeedSlot market={ordersMarket} symbol={symbol} instrumentId={instrument.data?.id ?? null} />}
        {Boolean(ticker.error) && !ticker.data && (
          <ErrorState compact title={t('workspace.tickerError')} onRetry={ticker.retry} />
        )}
        <StableViewToolbar panelId={!fullScreen && sideView ? panelId : undefined} />
        <MarketGrid
          symbol={symbol}
          market={market}
          instrument={instrument.data}
          format={format}
          tick={tick}
          layout={layout}
          view={view}
          panelId={panelId}
          ordersMarket={ordersMarket}
          perps={perps}
          halted={halted}
          haltText={haltText}
        />
      </Body>
    </Page>
  );
}

interface MarketGridProps {
  symbol: string;
  market: MarketId;
  instrument: Instrument | undefined;
  format: PriceFormat;
  tick: string;
  layout: ChartLayoutKind;
  view: TradingView;
  panelId: string;
  /** The market of the order panel and the user's orders in the grid (null: none). */
  ordersMarket: OrdersMarket | null;
  /** A perp: the perps order panel and account area in the order and orders areas. */
  perps: boolean;
  halted: boolean;
  haltText: string | null;
}

/**
 * The chart, the book / trades tabs and the side panel. Memoised: a live ticker re-renders the
 * workspace (once per frame at most) but none of this, whose own streams drive their renders.
 */
const MarketGrid = memo(function MarketGrid({ symbol, market, instrument, format, tick, layout, view, panelId, ordersMarket, perps, halted, haltText }: MarketGridProps) {
  const trading = ordersMarket !== null || perps;
  const { t } = useTradeT();
  const [tab, setTab] = useState<MarketTab>('book');
  useEffect(() => setTab(layout === 'CryptoInstant' ? 'trades' : 'book'), [layout]);
  const shownTab: MarketTab = view === 'OrderBook' ? 'book' : tab;

  const fullScreen = view === 'FullScreen';
  const sideView = isSidePanelView(view) ? view : null;
  const chartArea = useRef<HTMLDivElement>(null);
  const browserFullScreen = useBrowserFullScreen(chartArea, fullScreen, leaveFullScreen);
  // The browser's full screen: the whole height but the card's title; the page's widened view: most of the window.
  const chartHeight = browserFullScreen ? 'calc(100vh - 112px)' : fullScreen ? '72vh' : undefined;
  return (
    <Grid $panel={sideView !== null} $fullScreen={fullScreen} $order={trading}>
      {trading && !fullScreen && <PhoneOrderSlot symbol={symbol} />}
      <Area $area="chart" ref={chartArea}>
        <Card padding="md" title={t('chart.title', { symbol })}>
          <TradeChart symbol={symbol} market={market} format={format} tick={tick} height={chartHeight} />
        </Card>
      </Area>
      {!fullScreen && (
        <Area $area="market">
          <Card padding="md">
            <Tabs
              label={t('workspace.marketTabs')}
              value={shownTab}
              onChange={(key) => {
                setTab(key);
                if (view === 'OrderBook' && key !== 'book') appStore.getState().setMisc({ tradingView: 'None' });
              }}
              items={[
                { key: 'book', label: t('views.orderBook'), render: () => <OrderBook symbol={symbol} instrument={instrument} format={format} /> },
                {
                  key: 'trades',
                  label: t('trades.title'),
                  render: () => <RecentTrades symbol={symbol} format={format} quantityDigits={instrument?.quantityPrecision ?? 8} />,
                },
              ]}
            />
          </Card>
        </Area>
      )}
      {!fullScreen && ordersMarket && (
        <>
          <Area $area="order">
            <OrderArea market={ordersMarket} symbol={symbol} instrument={instrument} format={format} halted={halted} haltText={haltText} />
          </Area>
          <Area $area="orders">
            <OrdersArea market={ordersMarket} symbol={symbol} instrumentId={instrument?.id ?? null} format={format} quantityPrecision={instrument?.quantityPrecision ?? 8} />
          </Area>
        </>
      )}
      {!fullScreen && perps && (
        <>
          <Area $area="order">
            <PerpsOrderSlot symbol={symbol} format={format} halted={halted} haltText={haltText} />
          </Area>
          <Area $area="orders">
            <PerpsAccountSlot symbol={symbol} format={format} />
          </Area>
        </>
      )}
      {!fullScreen && sideView && (
        <Area $area="panel">
          <SidePanel id={panelId} view={sideView} symbol={symbol} assetType={MARKETS[market].assetType as AssetType} tick={tick} format={format} />
        </Area>
      )}
    </Grid>
  );
});
