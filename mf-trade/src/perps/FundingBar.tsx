// A perp's own market figures above the grid, for everyone on its page: the mark price (what
// P&L and liquidation use), the index price, and the funding rate with a countdown to the next
// funding (00:00, 08:00, 16:00 UTC; positive: longs pay shorts). From the live ticker; the
// funding-rate call fills in while the ticker does not carry them.
import styled from '@emotion/styled';
import { tokens, useAppStore, type Ticker } from '@pasar/shared';
import { useEffect, useRef } from 'react';
import { useTradeT } from '../i18n';
import { formatPrice, signOf, type PriceFormat } from '../market/price-format';
import { useLiveTicker } from '../market/use-live-market';
import { formatCountdown, useNow } from '../market/use-now';
import { useResource } from '../market/use-resource';
import { fundingPercent } from './perps-format';
import { registerPerpsTranslations } from './perps-i18n';
import { perpsCalls } from './perps-store';

registerPerpsTranslations();

const Bar = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm} ${tokens.space.xl};
  margin: 0;
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  font-size: ${tokens.fontSizes.sm};
  div {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  dt {
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

const Rate = styled.span<{ $sign: number }>`
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : 'inherit')};
`;

type PerpTicker = Pick<Ticker, 'markPrice' | 'indexPrice' | 'fundingRate' | 'nextFundingTime' | 'updatedAt'>;

export function FundingBar({ symbol, format }: { symbol: string; format: PriceFormat }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const ticker = useLiveTicker(symbol);
  const carried = ticker.data?.nextFundingTime !== undefined;
  const rest = useResource(carried ? null : `perp-funding:${symbol}`, (signal) => perpsCalls.fundingRate(symbol, { signal }));
  const figures: PerpTicker | undefined = carried ? ticker.data : rest.data;

  // The server's clock may be the market clock (set in development and tests): the countdown runs
  // on the server's time, as the last figures gave it.
  const skew = useRef(0);
  const updatedAt = figures?.updatedAt;
  useEffect(() => {
    if (updatedAt !== undefined) skew.current = updatedAt - Date.now();
  }, [updatedAt]);
  const now = useNow(1000, figures?.nextFundingTime !== undefined);
  const left = figures?.nextFundingTime === undefined ? null : figures.nextFundingTime - (now + skew.current);

  return (
    <Bar aria-label={t('perps.bar.label')} data-testid="perps-bar">
      <div>
        <dt>{t('perps.bar.mark')}</dt>
        <dd data-testid="perps-mark">{figures?.markPrice ? formatPrice(figures.markPrice, format) : '–'}</dd>
      </div>
      <div>
        <dt>{t('perps.bar.index')}</dt>
        <dd>{figures?.indexPrice ? formatPrice(figures.indexPrice, format) : '–'}</dd>
      </div>
      <div title={t('perps.bar.fundingHint')}>
        <dt>{t('perps.bar.funding')}</dt>
        <dd data-testid="perps-funding">
          {figures?.fundingRate ? <Rate $sign={signOf(figures.fundingRate)}>{fundingPercent(figures.fundingRate, lng)}</Rate> : '–'}
          {' / '}
          <time data-testid="perps-funding-countdown">{left === null ? '–' : formatCountdown(left, t('perps.bar.day'))}</time>
        </dd>
      </div>
    </Bar>
  );
}
