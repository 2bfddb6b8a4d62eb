// Where the order panel sits on the trade page. A guest sees a sign-in call to action (no call at
// all, and none of the panel's code); a signed-in user gets the panel of the symbol's market from
// its own chunk (crypto spot, US stocks, IDX).
import styled from '@emotion/styled';
import { ButtonLink, Card, Skeleton, Stack, TextLink, tokens, useAppStore, useLocation } from '@pasar/shared';
import { lazy, Suspense } from 'react';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import type { OrdersMarket } from '../order-calls/market-calls';

/**
 * The market whose orders the trade page of a symbol takes (null: none, e.g. an index). Crypto is
 * known from the page's market before the instrument loads; a US stock needs its instrument (its id).
 */
export function orderMarketOf(market: string, instrument: Pick<Instrument, 'assetType' | 'tradable'> | undefined): OrdersMarket | null {
  if (market === 'crypto') return 'CRYPTO';
  if (instrument?.assetType === 'USSTOCK' && instrument.tradable) return 'USSTOCK';
  if (instrument?.assetType === 'IDSS' && instrument.tradable) return 'IDSS';
  return null;
}

const OrderPanel = lazy(() => import(/* webpackChunkName: "order-panel" */ './OrderPanel').then((m) => ({ default: m.OrderPanel })));
const UsStockOrderPanel = lazy(() => import(/* webpackChunkName: "us-order-panel" */ './UsStockOrderPanel').then((m) => ({ default: m.UsStockOrderPanel })));
const IdxOrderPanel = lazy(() => import(/* webpackChunkName: "idx-order-panel" */ './IdxOrderPanel').then((m) => ({ default: m.IdxOrderPanel })));
const OrdersFeed = lazy(() => import(/* webpackChunkName: "orders-panel" */ '../my-orders/orders-feed').then((m) => ({ default: m.OrdersFeed })));
const OrdersPanel = lazy(() => import(/* webpackChunkName: "orders-panel" */ '../my-orders/OrdersPanel').then((m) => ({ default: m.OrdersPanel })));

export interface OrderAreaProps {
  market: OrdersMarket;
  symbol: string;
  instrument: Instrument | undefined;
  format: PriceFormat;
  halted: boolean;
  haltText: string | null;
}

// (The panel's own styles stay in its chunk.)
const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
`;

/** "BTC" of "BTC-IDR" (order-format's, without pulling the panel's formatter in). */
const assetOf = (symbol: string): string => symbol.split('-')[0] ?? symbol;

const isSignedIn = (state: { auth: { accessToken: string | null } }) => state.auth.accessToken !== null;

export function OrderArea({ market, ...props }: OrderAreaProps) {
  const { t } = useTradeT();
  const signedIn = useAppStore(isSignedIn);
  if (!signedIn) return <GuestOrderCard symbol={props.symbol} />;
  return (
    <Suspense
      fallback={
        <Card padding="md" title={t('orderArea.title', { asset: assetOf(props.symbol) })} aria-busy="true">
          <Skeleton lines={8} />
        </Card>
      }
    >
      {market === 'USSTOCK' ? <UsStockOrderPanel {...props} /> : market === 'IDSS' ? <IdxOrderPanel {...props} /> : <OrderPanel {...props} />}
    </Suspense>
  );
}

export function GuestOrderCard({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  // Login and sign-up bring the person back to this symbol.
  const { pathname, search } = useLocation();
  const from = { from: `${pathname}${search}` };
  const asset = assetOf(symbol);
  return (
    <Card padding="md" title={t('orderArea.title', { asset })} data-testid="guest-order-card">
      <Stack gap="md">
        <Muted>{t('orderArea.guestBody', { asset })}</Muted>
        <Stack direction="row" gap="md" align="center" wrap>
          <ButtonLink to="/login" state={from}>
            {t('orderArea.login')}
          </ButtonLink>
          <TextLink to="/signup" state={from}>
            {t('orderArea.signup')}
          </TextLink>
        </Stack>
      </Stack>
    </Card>
  );
}

/** The signed-in user's open orders and history of the symbol (nothing for a guest). */
export function OrdersArea({
  market,
  symbol,
  instrumentId,
  format,
  quantityPrecision,
}: {
  market: OrdersMarket;
  symbol: string;
  instrumentId: number | null;
  format: PriceFormat;
  quantityPrecision: number;
}) {
  const { t } = useTradeT();
  const signedIn = useAppStore(isSignedIn);
  if (!signedIn) return null;
  return (
    <Card padding="md" title={t('orderArea.ordersTitle')}>
      <Suspense fallback={<Skeleton lines={4} />}>
        <OrdersPanel market={market} symbol={symbol} instrumentId={instrumentId} format={format} quantityPrecision={quantityPrecision} />
      </Suspense>
    </Card>
  );
}

/** Feeds the shared open-orders store (list, panel, chart) for a signed-in user; nothing for a guest. */
export function OrdersFeedSlot({ market, symbol, instrumentId }: { market: OrdersMarket; symbol: string; instrumentId: number | null }) {
  const signedIn = useAppStore(isSignedIn);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <OrdersFeed market={market} symbol={symbol} instrumentId={instrumentId} />
    </Suspense>
  );
}

/**
 * The order panel and the person's orders on an asset page (a US stock's, beside its chart): the
 * same panel as the trade page, fed by the same open orders; a guest sees the sign-in card.
 */
export function AssetOrderCards({ instrument, format, halted }: { instrument: Instrument; format: PriceFormat; halted: boolean }) {
  const market = orderMarketOf('', instrument);
  if (!market) return null;
  const { symbol, id } = instrument;
  return (
    <>
      <OrdersFeedSlot market={market} symbol={symbol} instrumentId={id} />
      <OrderArea market={market} symbol={symbol} instrument={instrument} format={format} halted={halted} haltText={null} />
      <OrdersArea market={market} symbol={symbol} instrumentId={id} format={format} quantityPrecision={instrument.quantityPrecision} />
    </>
  );
}
