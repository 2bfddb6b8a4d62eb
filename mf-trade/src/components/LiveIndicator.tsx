// Whether prices on screen are live: the shared stream connection's state, and whether the market
// trades. A closed market (or a halted symbol, or the IDX lunch break) is never called live: the
// indicator then only says that the connection is up.
import styled from '@emotion/styled';
import { tokens, useStreamConnection, type StreamClient } from '@pasar/shared';
import { useTradeT } from '../i18n';
import type { MarketState } from '../market/types';
import { isTradingState } from './MarketStatusBadge';

const Dot = styled.span<{ $tone: 'live' | 'idle' | 'waiting' }>`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: ${tokens.radii.pill};
    background: ${({ $tone }) => ($tone === 'live' ? tokens.colors.buy : $tone === 'idle' ? tokens.colors.borderStrong : tokens.colors.warning)};
  }
`;

export interface LiveIndicatorProps {
  /** The symbol's market state (the ticker's); undefined while unknown, which is not "live". */
  marketState: MarketState | undefined;
  /** The stream client (default: the shared one). */
  stream?: StreamClient;
}

export function LiveIndicator({ marketState, stream }: LiveIndicatorProps) {
  const { t } = useTradeT();
  const state = useStreamConnection(stream);
  if (state === 'closed') return null;
  if (state === 'open') {
    const live = isTradingState(marketState);
    return (
      <Dot $tone={live ? 'live' : 'idle'} role="status" data-testid="live-indicator" data-state={live ? 'open' : 'connected'}>
        {t(live ? 'live.open' : 'live.connected')}
      </Dot>
    );
  }
  // Before the stream starts (once the page is idle) the line keeps its room, unseen: the app may be
  // on screen by then, and the line's arrival moved everything below it.
  const idle = state === 'idle';
  return (
    <Dot $tone="waiting" role="status" data-testid="live-indicator" data-state={state} style={idle ? { visibility: 'hidden' } : undefined}>
      {t(`live.${idle ? 'connecting' : state}`)}
    </Dot>
  );
}
