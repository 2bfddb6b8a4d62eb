// The person's perp orders (open, with cancel after a confirmation; history, liquidations marked)
// and funding payments. Asked again whenever the perps account changed (an order, a close, a
// notice: the store's version) and every time the positions are (open orders fill on their own).
import styled from '@emotion/styled';
import { Button, ConfirmDialog, createUuid, EmptyState, ErrorState, formatDateTime, showToast, Skeleton, tokens, useAppStore, VisuallyHidden, type PerpOrder } from '@pasar/shared';
import { useState } from 'react';
import { useTradeT } from '../i18n';
import { formatPrice, formatQuantity, signOf, type PriceFormat } from '../market/price-format';
import { useResource } from '../market/use-resource';
import { messageOf } from '../order-calls/market-calls';
import { fundingPercent, usdt } from './perps-format';
import { perpsCalls, refreshPerps, usePerpsStore } from './perps-store';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${tokens.fontSizes.sm};
  th,
  td {
    padding: ${tokens.space.xs} ${tokens.space.sm};
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${tokens.colors.border};
  }
  th {
    color: ${tokens.colors.textMuted};
    font-weight: ${tokens.fontWeights.medium};
  }
  td {
    font-variant-numeric: tabular-nums;
  }
`;

/** The table scrolls sideways inside its card at 360 px; the page does not. */
const Scroll = styled.div`
  overflow-x: auto;
`;

const Side = styled.span<{ $buy: boolean }>`
  color: ${({ $buy }) => ($buy ? tokens.colors.buyText : tokens.colors.sellText)};
`;

const Amount = styled.td<{ $sign: number }>`
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.sellText : $sign < 0 ? tokens.colors.buyText : 'inherit')};
`;

const ORDERS_PAGE = 50;

export function PerpOrders({ scope, symbol, format }: { scope: 'open' | 'history'; symbol: string; format: PriceFormat }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const version = usePerpsStore((state) => state.version);
  const positions = usePerpsStore((state) => state.positions);
  // Open orders fill and positions move together: a changed position asks the orders again.
  const positionsKey = positions.map((position) => `${position.symbol}:${position.quantity}`).join(',');
  const orders = useResource(`perp-orders:${scope}:${symbol}:${version}:${positionsKey}`, (signal) => perpsCalls.orders({ scope, symbol, size: ORDERS_PAGE }, { signal }), { keepPrevious: true });
  const [cancelling, setCancelling] = useState<PerpOrder | null>(null);

  if (orders.error && !orders.data) return <ErrorState compact headingLevel={3} title={t('perps.orders.loadError')} onRetry={orders.retry} />;
  if (!orders.data) return <Skeleton lines={3} />;
  if (orders.data.items.length === 0) return <EmptyState compact headingLevel={3} title={t(scope === 'open' ? 'perps.orders.emptyOpen' : 'perps.orders.emptyHistory')} />;

  const cancel = async () => {
    if (!cancelling) return;
    try {
      await perpsCalls.cancel(cancelling.id, { requestId: createUuid() });
      showToast({ kind: 'success', title: t('perps.orders.cancelled') });
      refreshPerps();
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
    } finally {
      setCancelling(null);
    }
  };

  return (
    <>
      <Scroll>
        <Table data-testid={`perp-orders-${scope}`}>
          <thead>
            <tr>
              <th scope="col">{t('perps.orders.time')}</th>
              <th scope="col">{t('perps.orders.side')}</th>
              <th scope="col">{t('perps.orders.type')}</th>
              <th scope="col">{t('perps.orders.price')}</th>
              <th scope="col">{t('perps.orders.quantity')}</th>
              <th scope="col">{t('perps.orders.filled')}</th>
              <th scope="col">{t('perps.orders.status')}</th>
              {scope === 'open' && (
                <th scope="col">
                  <VisuallyHidden>{t('perps.orders.cancel')}</VisuallyHidden>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order) => (
              <tr key={order.id} data-testid="perp-order-row" data-reason={order.reason ?? ''}>
                <td>{formatDateTime(order.createdAt, lng)}</td>
                <td>
                  <Side $buy={order.side === 'BUY'}>{t(`perps.orders.${order.side}`)}</Side>
                  {order.reduceOnly && ` · ${t('perps.orders.reduceOnly')}`}
                </td>
                <td>{order.orderType in TYPE_KEYS ? t(`perps.orderType.${order.orderType}`) : order.orderType}</td>
                <td>{priceOf(order, format)}</td>
                <td>{order.quantity ? formatQuantity(order.quantity, lng) : '–'}</td>
                <td>{formatQuantity(order.filledQuantity, lng)}</td>
                <td>{order.reason === 'LIQUIDATION' ? t('perps.orders.liquidation') : t(`perps.orders.status_${order.status}`)}</td>
                {scope === 'open' && (
                  <td>
                    <Button size="sm" variant="ghost" onClick={() => setCancelling(order)}>
                      {t('perps.orders.cancel')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      <ConfirmDialog open={cancelling !== null} title={t('perps.orders.cancelTitle', { symbol })} tone="danger" confirmLabel={t('perps.orders.cancelConfirm')} cancelLabel={t('perps.orders.keep')} onCancel={() => setCancelling(null)} onConfirm={cancel} />
    </>
  );
}

const TYPE_KEYS = { MARKET: 1, LIMIT: 1, STOP: 1, STOP_LIMIT: 1 } as const;

function priceOf(order: PerpOrder, format: PriceFormat): string {
  const price = order.averagePrice ?? order.limitPrice ?? order.stopPrice;
  return price ? formatPrice(price, format) : '–';
}

export function FundingHistory({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const version = usePerpsStore((state) => state.version);
  const history = useResource(`perp-funding-history:${symbol}:${version}`, (signal) => perpsCalls.fundingHistory({ symbol, size: ORDERS_PAGE }, { signal }), { keepPrevious: true });
  if (history.error && !history.data) return <ErrorState compact headingLevel={3} title={t('perps.orders.loadError')} onRetry={history.retry} />;
  if (!history.data) return <Skeleton lines={3} />;
  if (history.data.items.length === 0) return <EmptyState compact headingLevel={3} title={t('perps.orders.emptyFunding')} />;
  return (
    <Scroll>
      <Table data-testid="perp-funding-history">
        <thead>
          <tr>
            <th scope="col">{t('perps.orders.time')}</th>
            <th scope="col">{t('perps.orders.side')}</th>
            <th scope="col">{t('perps.orders.quantity')}</th>
            <th scope="col">{t('perps.orders.fundingRate')}</th>
            <th scope="col">{t('perps.orders.fundingAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.items.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDateTime(new Date(payment.fundingTime).toISOString(), lng)}</td>
              <td>{t(`perps.positions.${payment.side}`)}</td>
              <td>{formatQuantity(payment.quantity, lng)}</td>
              <td>{fundingPercent(payment.fundingRate, lng)}</td>
              {/* Positive: paid (a cost, shown as a loss); negative: received. */}
              <Amount $sign={signOf(payment.amount)}>{usdt(payment.amount.startsWith('-') ? payment.amount.slice(1) : `-${payment.amount}`, lng, true)}</Amount>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
