// Market status beside the price: crypto trades around the clock; US and IDX stocks follow their
// sessions, with a countdown to the next change (open, break, close) from the market-status call.
import styled from '@emotion/styled';
import { sessionMarketOf, tokens, type MarketId } from '@pasar/shared';
import { useEffect } from 'react';
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

const toneOf = (state: MarketState): 'open' | 'closed' | 'halted' =>
  state === 'HALTED' ? 'halted' : state === 'OPEN' || state === 'PRE_MARKET' || state === 'POST_MARKET' ? 'open' : 'closed';

export function MarketStatusBadge({ market, tickerState }: { market: MarketId; tickerState: MarketState | undefined }) {
  const { t } = useTradeT();
  const sessionMarket = sessionMarketOf(market);
  const status = useResource(sessionMarket ? `status:${sessionMarket}` : null, (signal) => fetchMarketStatus(sessionMarket!, signal), {
    keepPrevious: true,
  });
  const nextChangeAt = status.data?.nextChangeAt ? Date.parse(status.data.nextChangeAt) : null;
  const now = useNow(1000, nextChangeAt !== null);
  const { retry } = status;
  const due = nextChangeAt !== null && now >= nextChangeAt;

  // The session changed: ask again for the new state and the next change.
  useEffect(() => {
    if (!due) return undefined;
    const timer = setTimeout(retry, 1500);
    return () => clearTimeout(timer);
  }, [due, retry]);

  if (tickerState === 'HALTED') {
    return (
      <Badge $tone="halted" data-testid="market-status">
        <strong>{t('status.HALTED')}</strong>
      </Badge>
    );
  }
  if (!sessionMarket) {
    return (
      <Badge $tone="open" data-testid="market-status">
        <strong>{t('status.alwaysOpen')}</strong>
      </Badge>
    );
  }
  const state = status.data?.state ?? tickerState;
  if (!state) return <Badge $tone="muted" data-testid="market-status">{t('status.loading')}</Badge>;
  const nextState = status.data?.nextState;
  return (
    <Badge $tone={toneOf(state)} data-testid="market-status">
      <strong>{t(`status.${state}`)}</strong>
      {status.data?.holiday && <span>· {status.data.holiday}</span>}
      {nextChangeAt !== null && nextState && !due && (
        <span data-testid="market-countdown">
          · {t('status.countdown', { state: t(`status.${nextState}`), time: formatCountdown(nextChangeAt - now, t('status.dayUnit')) })}
        </span>
      )}
    </Badge>
  );
}
