// The star on the trade header and the asset pages: pressed when the symbol is in one of the
// person's watchlists. Pressing it adds the symbol to the watchlist the Watchlist view has chosen
// (a first list, "Favourites", is made when there is none); pressing it again takes the symbol out
// of every list holding it. Loaded lazily for a signed-in person only (`WatchStarSlot`).
import styled from '@emotion/styled';
import { isApiError, showToast, tokens } from '@pasar/shared';
import { useEffect, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerAlertsTranslations } from '../i18n/alerts';
import { listsWith, loadWatchlists, putList, watchlists, watchlistStore } from './watchlist-state';

registerAlertsTranslations();

const StarButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  flex: none;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.textMuted};
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${tokens.colors.warning};
  }
  &:disabled {
    cursor: progress;
  }
`;

export function WatchStar({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const lists = watchlistStore((state) => state.lists);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadWatchlists();
  }, []);
  const holding = listsWith(lists, symbol);
  const pressed = holding.length > 0;

  const toggle = async () => {
    setBusy(true);
    try {
      if (pressed) {
        for (const list of holding) putList(await watchlists().removeSymbol(list.id, symbol));
      } else {
        const { lists: current, selectedId } = watchlistStore.getState();
        const target = current?.find((list) => list.id === selectedId) ?? current?.[0];
        if (target) putList(await watchlists().addSymbol(target.id, symbol));
        else putList(await watchlists().create({ name: t('watchlist.defaultName'), symbols: [symbol] }), true);
      }
    } catch (error) {
      showToast({ kind: 'error', title: isApiError(error) ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StarButton
      type="button"
      aria-pressed={pressed}
      aria-label={t('star.label', { symbol })}
      title={t('star.label', { symbol })}
      disabled={busy || lists === null}
      data-testid="watch-star"
      onClick={() => void toggle()}
    >
      <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={pressed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
        <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
      </svg>
    </StarButton>
  );
}
