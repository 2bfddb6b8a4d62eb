// "Live" only for a market that trades: a closed market, a halted symbol or a break says the
// connection is up, never live.
import { registerTranslations, type StreamClient, type StreamConnectionState } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { act, screen } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import type { MarketState } from '../market/types';
import { LiveIndicator } from './LiveIndicator';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

/** A stream client whose connection state the test sets. */
function fakeStream(initial: StreamConnectionState) {
  let state = initial;
  const listeners = new Set<(s: StreamConnectionState) => void>();
  const client = {
    getState: () => state,
    onStateChange: (listener: (s: StreamConnectionState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as StreamClient;
  const set = (next: StreamConnectionState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  return { client, set };
}

describe('the live indicator', () => {
  it.each<[MarketState | undefined, string, string]>([
    ['OPEN', 'Live', 'open'],
    ['PRE_MARKET', 'Live', 'open'],
    ['POST_MARKET', 'Live', 'open'],
    ['CLOSED', 'Connected', 'connected'],
    ['BREAK', 'Connected', 'connected'],
    ['HALTED', 'Connected', 'connected'],
    [undefined, 'Connected', 'connected'],
  ])('with the connection up and the market %s says %s', (marketState, text, state) => {
    renderWithShell(<LiveIndicator marketState={marketState} stream={fakeStream('open').client} />, { language: 'en' });
    const indicator = screen.getByTestId('live-indicator');
    expect(indicator).toHaveTextContent(text);
    expect(indicator).toHaveAttribute('data-state', state);
  });

  it('says it in Indonesian, and follows the connection', () => {
    const stream = fakeStream('connecting');
    renderWithShell(<LiveIndicator marketState="CLOSED" stream={stream.client} />);
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Menghubungkan…');
    act(() => stream.set('open'));
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Terhubung');
    expect(screen.getByTestId('live-indicator')).not.toHaveTextContent('Live');
    act(() => stream.set('reconnecting'));
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Menyambung ulang…');
    act(() => stream.set('closed'));
    expect(screen.queryByTestId('live-indicator')).not.toBeInTheDocument();
  });
});
