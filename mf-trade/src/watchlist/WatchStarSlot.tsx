// Where the watchlist star goes (trade header, asset pages): nothing for a guest; for a signed-in
// person the star, from its own chunk, so the guest page does not carry it.
import { useAppStore } from '@pasar/shared';
import { lazy, Suspense } from 'react';

const WatchStar = lazy(() => import('./WatchStar').then((m) => ({ default: m.WatchStar })));

export function WatchStarSlot({ symbol }: { symbol: string }) {
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <WatchStar symbol={symbol} />
    </Suspense>
  );
}
