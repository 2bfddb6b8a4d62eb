// Market status beside the price: crypto trades around the clock; US and IDX stocks follow their
// sessions, with a countdown to the next change (open, break, close) from the market-status call.
// The countdown runs on the market's clock: the status call says what time it is for the market
// (`now`, which a development clock control may have moved), so the badge counts from there.
import styled from '@emotion/styled';
import { sessionMarketOf, tokens, type MarketId } from '@pasar/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTradeT } from '../i18n';
import { fetchMarketStatus } from '../market/market-api';
import type { MarketState } from '../market/types';
import { formatCountdown, useNow } from '../market/use-now';
import { useResource } from '../market/use-resource';

const Badge = styled.span<{ $tone: 'open' | 'closed' | 'halted' | 'muted' }>`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.xs};
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: ${tokens.radii.pill};
    background: ${({ $tone }) =>
      $tone === 'open' ? tokens.colors.buy : $tone === 'halted' ? tokens.colors.danger : tokens.colors.borderStrong};
  }
  strong {
    color: ${({ $tone }) => ($tone === 'halted' ? tokens.colors.dangerText : tokens.colors.text)};
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

/** Whether a market in this state is trading (regular or extended hours): prices can move. */
export const isTradingState = (state: MarketState | undefined): boolean =>
  state === 'OPEN' || state === 'PRE_MARKET' || state === 'POST_MARKET';

const toneOf = (state: MarketState): 'open' | 'closed' | 'halted' => (state === 'HALTED' ? 'halted' : isTradingState(state) ? 'open' : 'closed');

export function MarketStatusBadge({ market, tickerState }: { market: MarketId; tickerState: MarketState | undefined }) {
  const { t } = useTradeT();
  const sessionMarket = sessionMarketOf(market);
  const status = useResource(sessionMarket ? `status:${sessionMarket}` : null, (signal) => fetchMarketStatus(sessionMarket!, signal), {
    keepPrevious: true,
  });
  // The market's clock minus this browser's, measured when the answer arrived.
  const skew = useMemo(() => (status.data ? Date.parse(status.data.now) - Date.now() : 0), [status.data]);
  const nextChangeAt = status.data?.nextChangeAt ? Date.parse(status.data.nextChangeAt) : null;
  const now = useNow(1000, nextChangeAt !== null) + skew;
  const { retry } = status;
  const due = nextChangeAt !== null && now >= nextChangeAt;

  // The session changed: ask again for the new state and the next change.
  useEffect(() => {
    if (!due) return undefined;
    const timer = setTimeout(retry, 1500);
    return () => clearTimeout(timer);
  }, [due, retry]);

  // The live ticker's state changed to one the status does not say (a session change, or a clock
  // moved in development): ask again.
  const statusState = status.data?.state;
  const stateRef = useRef(statusState);
  stateRef.current = statusState;
  const previousTicker = useRef(tickerState);
  useEffect(() => {
    const before = previousTicker.current;
    previousTicker.current = tickerState;
    if (!tickerState || tickerState === before || tickerState === 'HALTED' || tickerState === stateRef.current) return;
    retry();
  }, [tickerState, retry]);

  if (tickerState === 'HALTED') {
    return (
      <Badge $tone="halted" data-testid="market-status" data-state="HALTED">
        <strong>{t('status.HALTED')}</strong>
      </Badge>
    );
  }
  if (!sessionMarket) {
    return (
      <Badge $tone="open" data-testid="market-status" data-state="OPEN">
        <strong>{t('status.alwaysOpen')}</strong>
      </Badge>
    );
  }
  const state = statusState ?? tickerState;
  if (!state) return <Badge $tone="muted" data-testid="market-status">{t('status.loading')}</Badge>;
  const nextState = status.data?.nextState;
  // IDX's extended states are its call auctions: pre-opening and pre-closing.
  const label = (s: MarketState) => t(sessionMarket === 'IDSS' && (s === 'PRE_MARKET' || s === 'POST_MARKET') ? `status.idx.${s}` : `status.${s}`);
  return (
    <Badge $tone={toneOf(state)} data-testid="market-status" data-state={state}>
      <strong>{label(state)}</strong>
      {status.data?.holiday && <span data-testid="market-holiday">· {status.data.holiday}</span>}
      {nextChangeAt !== null && nextState && !due && (
        <span data-testid="market-countdown">
          · {t('status.countdown', { state: label(nextState), time: formatCountdown(nextChangeAt - now, t('status.dayUnit')) })}
        </span>
      )}
    </Badge>
  );
}
