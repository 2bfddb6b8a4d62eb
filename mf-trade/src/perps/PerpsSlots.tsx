// Where the perps parts sit on a perp's trade page. This file is all the trade page's own chunk
// carries of perps: the parts themselves come from the perps chunk when a perp's page is open (the
// figures bar for everyone; the order panel and the account area for a signed-in person, a guest
// sees the sign-in card and loads neither).
import { Card, Skeleton, useAppStore } from '@pasar/shared';
import { lazy, Suspense } from 'react';
import type { PriceFormat } from '../market/price-format';
import { GuestOrderCard } from '../ticket/OrderArea';

const FundingBar = lazy(() => import(/* webpackChunkName: "perps-bar" */ './FundingBar').then((m) => ({ default: m.FundingBar })));
const PerpsOrderPanel = lazy(() => import(/* webpackChunkName: "perps" */ './PerpsWorkspace').then((m) => ({ default: m.PerpsOrderPanel })));
const PerpsAccountArea = lazy(() => import(/* webpackChunkName: "perps" */ './PerpsWorkspace').then((m) => ({ default: m.PerpsAccountArea })));

const signedIn = (state: { auth: { accessToken: string | null } }) => state.auth.accessToken !== null;

interface SlotProps {
  symbol: string;
  format: PriceFormat;
}

export function PerpsBarSlot(props: SlotProps) {
  return (
    <Suspense fallback={null}>
      <FundingBar {...props} />
    </Suspense>
  );
}

export function PerpsOrderSlot({ halted, haltText, ...props }: SlotProps & { halted: boolean; haltText: string | null }) {
  if (!useAppStore(signedIn)) return <GuestOrderCard symbol={props.symbol} />;
  return (
    <Suspense
      fallback={
        <Card padding="md" aria-busy="true">
          <Skeleton lines={8} />
        </Card>
      }
    >
      <PerpsOrderPanel {...props} halted={halted} haltText={haltText} />
    </Suspense>
  );
}

export function PerpsAccountSlot(props: SlotProps) {
  if (!useAppStore(signedIn)) return null;
  return (
    <Suspense fallback={<Skeleton lines={4} />}>
      <PerpsAccountArea {...props} />
    </Suspense>
  );
}
