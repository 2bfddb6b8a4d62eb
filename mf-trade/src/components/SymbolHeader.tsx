// The symbol header of the trade page: logo, name, last price, 24 h change, high, low, volume,
// market status with its countdown, and the halt status (§4). "Live" only while the market trades.
import styled from '@emotion/styled';
import { marketIconPath, Skeleton, tokens, useAppStore, type MarketId } from '@pasar/shared';
import { memo } from 'react';
import { useTradeT } from '../i18n';
import { formatChange, formatPrice, formatVolume, signOf, type PriceFormat } from '../market/price-format';
import type { Instrument, MarketState, Ticker } from '../market/types';
import { LiveIndicator } from './LiveIndicator';
import { MarketStatusBadge } from './MarketStatusBadge';
import { SymbolMark } from './SymbolMark';
import { WatchStarSlot } from '../watchlist/WatchStarSlot';

const Root = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.md} ${tokens.space.xl};
  padding: ${tokens.space.md} ${tokens.space.lg};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.lg};
  background: ${tokens.colors.surface};
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space.sm};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: ${tokens.fontSizes.xl};
    line-height: ${tokens.lineHeights.tight};
  }
  p {
    margin: 0;
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
  }
`;

const Price = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  strong {
    font-family: ${tokens.fonts.mono};
    font-size: ${tokens.fontSizes.xxl};
    font-variant-numeric: tabular-nums;
    line-height: ${tokens.lineHeights.tight};
  }
`;

const Change = styled.span<{ $sign: -1 | 0 | 1 }>`
  font-family: ${tokens.fonts.mono};
  font-weight: ${tokens.fontWeights.semibold};
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

// Each figure keeps its own width and the row wraps when a phone has no room for three
// Rupiah-sized numbers (a grid squeezed its columns and ran the figures into each other).
const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs} ${tokens.space.lg};
  margin: 0;
  dt {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-family: ${tokens.fonts.mono};
    font-size: ${tokens.fontSizes.sm};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xxs};
`;

export interface SymbolHeaderProps {
  symbol: string;
  market: MarketId;
  instrument: Instrument | undefined;
  ticker: Ticker | undefined;
  format: PriceFormat;
}

// The name and the status do not change with each price: memoised, a live ticker skips them.
const HeaderIdentity = memo(function HeaderIdentity({ symbol, market, instrument }: { symbol: string; market: MarketId; instrument: Instrument | undefined }) {
  const { t } = useTradeT();
  return (
    <Identity>
      <SymbolMark icon={instrument?.icon ?? marketIconPath(symbol)} symbol={symbol} size={40} />
      <WatchStarSlot symbol={symbol} />
      <div>
        <h2 data-testid="selected-symbol">{symbol}</h2>
        <p>
          {instrument && <>{instrument.name} · </>}
          <span data-testid="selected-market">{t(`markets.${instrument?.kind === 'usindex' ? 'usindex' : market}`)}</span>
        </p>
      </div>
    </Identity>
  );
});

const HeaderStatus = memo(function HeaderStatus({ market, tickerState }: { market: MarketId; tickerState: MarketState | undefined }) {
  return (
    <Status>
      <MarketStatusBadge market={market} tickerState={tickerState} />
      <LiveIndicator marketState={tickerState} />
    </Status>
  );
});

export function SymbolHeader({ symbol, market, instrument, ticker, format }: SymbolHeaderProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  return (
    <Root aria-label={t('header.label', { symbol })} aria-busy={!ticker}>
      <HeaderIdentity symbol={symbol} market={market} instrument={instrument} />
      <Price>
        {ticker ? (
          <>
            <strong data-testid="last-price" aria-live="off">
              {formatPrice(ticker.price, format)}
            </strong>
            <Change $sign={signOf(ticker.changePercent24h)} data-testid="price-change">
              {formatChange(ticker.changePercent24h, lng)}
            </Change>
          </>
        ) : (
          <Skeleton width={160} height={44} />
        )}
      </Price>
      <Stats>
        <div>
          <dt>{t('header.high')}</dt>
          <dd>{ticker ? formatPrice(ticker.high24h, format) : '–'}</dd>
        </div>
        <div>
          <dt>{t('header.low')}</dt>
          <dd>{ticker ? formatPrice(ticker.low24h, format) : '–'}</dd>
        </div>
        <div>
          <dt>{t('header.volume')}</dt>
          <dd>{ticker ? formatVolume(ticker.volume24h, lng) : '–'}</dd>
        </div>
      </Stats>
      <HeaderStatus market={market} tickerState={ticker?.marketState} />
    </Root>
  );
}
