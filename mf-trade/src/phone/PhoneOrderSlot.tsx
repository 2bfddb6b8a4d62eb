// Where the phone's order bar sits on the trade page. This file is all the page's own chunk carries
// of it: below 768 px the bar and its sheet come from the `phone` chunk (a wider screen never loads
// it, and keeps the order panel in the grid).
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 767.98px)';

const PhoneOrderSheet = lazy(() => import(/* webpackChunkName: "phone" */ './PhoneOrderSheet').then((m) => ({ default: m.PhoneOrderSheet })));

const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** On a phone, the sticky Buy/Sell bar that opens the grid's order panel (whatever the market supplies) as a sheet. */
export function PhoneOrderSlot({ symbol }: { symbol: string }) {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  if (!phone) return null;
  return (
    <Suspense fallback={null}>
      <PhoneOrderSheet symbol={symbol} />
    </Suspense>
  );
}
