// Open orders and order history of the symbol on screen (its own chunk). Open orders come from
// the shared open-orders store (live through the private stream); history pages are asked on
// demand and merged with the orders that closed while the page was open. An open order can be
// cancelled (after a confirmation) or amended (the order panel in modify mode). An order named in
// the URL (`?order=<id>`, where a notification about it leads) is picked out: its tab is shown and
// its row marked and scrolled into view.
import styled from '@emotion/styled';
import {
  Badge,
  Button,
  ConfirmDialog,
  createUuid,
  EmptyState,
  ErrorState,
  formatDateTime,
  ORDER_QUERY,
  refreshBalances,
  showToast,
  Skeleton,
  tokens,
  useAppStore,
  useLocation,
  visuallyHiddenStyles,
  type CryptoOrder,
} from '@pasar/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTradeT } from '../i18n';
import { registerOrderTranslations } from '../i18n/order';
import type { PriceFormat } from '../market/price-format';
import { Tabs } from '../components/Tabs';
import { orderCallsFor } from '../order-calls';
import { messageOf, type MarketOrderCalls, type OrdersMarket } from '../order-calls/market-calls';
import { assetOf, orderFormatter, type OrderFormatter } from '../ticket/order-format';
import { amendablePrices } from '../ticket/order-math';
import { startAmending, useOpenOrdersStore } from './open-orders';
import { applyOrders } from './orders-feed';
import { mergeOrders } from './order-updates';
import { exchangeDisplayKey, isLive, statusKey, STATUS_TONE } from './order-status';

registerOrderTranslations();

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${tokens.space.xs};
    border-bottom: 1px solid ${tokens.colors.border};
    text-align: left;
    white-space: nowrap;
    vertical-align: middle;
  }
  th {
    color: ${tokens.colors.textMuted};
    font-weight: ${tokens.fontWeights.medium};
  }
  td[data-num] {
    text-align: right;
    font-family: ${tokens.fonts.mono};
  }
  tr[aria-current='true'] td {
    background: ${tokens.colors.surfaceSunken};
  }
  tr[aria-current='true'] td:first-of-type {
    box-shadow: inset 3px 0 0 ${tokens.colors.primary};
  }
`;

const Caption = styled.caption`
  ${visuallyHiddenStyles}
`;

const Side = styled.span<{ $side: 'BUY' | 'SELL' }>`
  color: ${({ $side }) => ($side === 'BUY' ? tokens.colors.buyText : tokens.colors.sellText)};
  font-weight: ${tokens.fontWeights.semibold};
`;

const Small = styled.span`
  display: block;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
`;

const Actions = styled.div`
  display: flex;
  gap: ${tokens.space.xxs};
`;

type OrdersTab = 'open' | 'history';

export interface OrdersPanelProps {
  symbol: string;
  market: OrdersMarket;
  /** The instrument's id in its market (US orders are asked and cancelled by stockId). */
  instrumentId: number | null;
  format: PriceFormat;
  quantityPrecision: number;
}

export function OrdersPanel({ symbol, market, instrumentId, format, quantityPrecision }: OrdersPanelProps) {
  const calls = orderCallsFor(market);
  const { t } = useTradeT();
  const [tab, setTab] = useState<OrdersTab>('open');
  const open = useOpenOrdersStore((state) => state.open);
  const loaded = useOpenOrdersStore((state) => state.loaded);
  const openError = useOpenOrdersStore((state) => state.error);
  const f = useMemo(() => orderFormatter(format, assetOf(symbol), quantityPrecision, calls.currency), [format, symbol, quantityPrecision, calls.currency]);
  const [cancelling, setCancelling] = useState<{ order: CryptoOrder; requestId: string } | null>(null);
  const lng = useAppStore((state) => state.language);
  const picked = new URLSearchParams(useLocation().search).get(ORDER_QUERY);
  const tabFor = useRef<string | null>(null);

  // Once the open orders are known, the picked order's tab opens: open if it still is, else history.
  useEffect(() => {
    if (!picked || !loaded || tabFor.current === picked) return;
    tabFor.current = picked;
    setTab(open.some((order) => order.id === picked) ? 'open' : 'history');
  }, [picked, loaded, open]);

  const cancel = async () => {
    if (!cancelling) return;
    try {
      applyOrders(await calls.cancel(cancelling.order, instrumentId, cancelling.requestId));
      showToast({ kind: 'success', title: t('orders.cancelled') });
      void refreshBalances(market === 'CRYPTO' ? { crypto: [symbol] } : { gss: true });
    } catch (error) {
      showToast({ kind: 'error', title: messageOf(error, lng) });
    } finally {
      setCancelling(null);
    }
  };

  const amend = (order: CryptoOrder) => {
    startAmending(order);
    document.querySelector('[data-testid="order-panel"]')?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  const openBody = () => {
    if (openError && !loaded) return <ErrorState compact headingLevel={3} title={t('orders.loadError')} />;
    if (openError && !open.length) return <ErrorState compact headingLevel={3} title={t('orders.loadError')} />;
    if (!loaded) return <Skeleton lines={3} />;
    if (!open.length) return <EmptyState compact headingLevel={3} title={t('orders.noOpen', { symbol })} />;
    return (
      <OrdersTable
        orders={open}
        f={f}
        picked={picked}
        caption={t('orders.openCaption', { symbol })}
        actions={(order) => (
          <Actions>
            {amendablePrices(order).length > 0 && (
              <Button size="sm" variant="ghost" onClick={() => amend(order)} aria-label={t('orders.amendNamed', { what: describe(order) })}>
                {t('orders.amend')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setCancelling({ order, requestId: createUuid() })} aria-label={t('orders.cancelNamed', { what: describe(order) })}>
              {t('orders.cancel')}
            </Button>
          </Actions>
        )}
      />
    );
  };

  const describe = (order: CryptoOrder) =>
    t('orders.describe', {
      side: t(`ticket.side${order.side}`),
      type: t(`orderType.${order.orderType}`),
      size: order.quantity ? f.quantity(order.quantity) : f.money(order.amount ?? '0'),
    });

  return (
    <div data-testid="orders-panel">
      <Tabs
        label={t('orders.tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'open', label: t('orders.openTab', { count: open.length }), render: openBody },
          { key: 'history', label: t('orders.historyTab'), render: () => <History symbol={symbol} instrumentId={instrumentId} calls={calls} f={f} picked={picked} /> },
        ]}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t('orders.cancelTitle')}
        description={cancelling ? `${describe(cancelling.order)}${cancelling.order.ocoGroupId ? ` ${t('orders.cancelOco')}` : ''}` : undefined}
        tone="danger"
        confirmLabel={t('orders.cancelConfirm')}
        cancelLabel={t('orders.keep')}
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}

interface HistoryState {
  items: CryptoOrder[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: unknown;
}

function History({
  symbol,
  instrumentId,
  calls,
  f,
  picked,
}: {
  symbol: string;
  instrumentId: number | null;
  calls: MarketOrderCalls;
  f: OrderFormatter;
  picked: string | null;
}) {
  const { t } = useTradeT();
  const closedLive = useOpenOrdersStore((state) => state.closed);
  const resyncs = useOpenOrdersStore((state) => state.resyncs);
  const [state, setState] = useState<HistoryState>({ items: [], page: 0, hasMore: true, loading: true, error: null });

  const load = useCallback(
    (page: number, signal?: AbortSignal) => {
      setState((current) => ({ ...current, loading: true, error: null }));
      calls.list({ scope: 'history', symbol, instrumentId, page }, signal).then(
        (list) => {
          if (signal?.aborted) return;
          setState((current) => ({ items: page === 1 ? list.items : mergeOrders(current.items, list.items), page, hasMore: list.hasMore, loading: false, error: null }));
        },
        (error: unknown) => {
          if (!signal?.aborted) setState((current) => ({ ...current, loading: false, error }));
        },
      );
    },
    [symbol, instrumentId, calls],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(1, controller.signal);
    return () => controller.abort();
  }, [load, resyncs]);

  const items = useMemo(() => mergeOrders(state.items, closedLive), [state.items, closedLive]);

  if (state.error && !items.length) return <ErrorState compact headingLevel={3} title={t('orders.historyError')} onRetry={() => load(state.page || 1)} />;
  if (state.loading && !items.length) return <Skeleton lines={3} />;
  if (!items.length) return <EmptyState compact headingLevel={3} title={t('orders.noHistory', { symbol })} />;
  return (
    <>
      <OrdersTable orders={items} f={f} picked={picked} caption={t('orders.historyCaption', { symbol })} />
      {state.hasMore && (
        <Button variant="ghost" size="sm" loading={state.loading} onClick={() => load(state.page + 1)}>
          {t('orders.more')}
        </Button>
      )}
    </>
  );
}

function OrdersTable({
  orders,
  f,
  caption,
  actions,
  picked = null,
}: {
  orders: readonly CryptoOrder[];
  f: OrderFormatter;
  caption: string;
  actions?: (order: CryptoOrder) => ReactNode;
  /** The order named in the URL: marked, and scrolled into view once it is listed. */
  picked?: string | null;
}) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const scroll = useRef<HTMLDivElement>(null);
  const shown = picked !== null && orders.some((order) => order.id === picked);
  useEffect(() => {
    if (!shown || !picked) return;
    scroll.current?.querySelector(`[data-order-id="${CSS.escape(picked)}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [shown, picked]);
  return (
    <Scroll ref={scroll}>
      <Table>
        <Caption>{caption}</Caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.time')}</th>
            <th scope="col">{t('orders.order')}</th>
            <th scope="col">{t('orders.price')}</th>
            <th scope="col">{t('orders.size')}</th>
            <th scope="col">{t('orders.filled')}</th>
            <th scope="col">{t('orders.status')}</th>
            {actions && <th scope="col">{t('orders.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-order-id={order.id} data-status={order.status} aria-current={order.id === picked ? 'true' : undefined}>
              <td>{formatDateTime(order.createdAt, lng)}</td>
              <td>
                <Side $side={order.side}>{t(`ticket.side${order.side}`)}</Side> {t(`orderType.${order.orderType}`)}
                {order.ocoLeg && <Small>{t(`orders.leg.${order.ocoLeg}`)}</Small>}
                {order.market === 'USSTOCK' && order.orderType !== 'MARKET' && (
                  <Small data-testid="order-terms">
                    {t(`timeInForce.${order.timeInForce}`)}
                    {order.tradingHours && order.tradingHours !== 'REGULAR_HOURS' ? ` · ${t('ticket.extendedHours')}` : ''}
                  </Small>
                )}
              </td>
              <td data-num="">
                {order.limitPrice && <span>{f.price(order.limitPrice)}</span>}
                {order.stopPrice && <Small>{t('orders.stopAt', { price: f.price(order.stopPrice) })}</Small>}
                {!order.limitPrice && !order.stopPrice && (order.averagePrice ? f.price(order.averagePrice) : t('orders.marketPrice'))}
              </td>
              <td data-num="">{order.quantity ? f.quantity(order.quantity) : f.money(order.amount ?? '0')}</td>
              <td data-num="">
                {f.quantity(order.filledQuantity)}
                {order.averagePrice && <Small>{t('orders.average', { price: f.price(order.averagePrice) })}</Small>}
              </td>
              <td>
                <Badge $tone={STATUS_TONE[order.status]} data-testid="order-status">
                  {t(statusKey(order))}
                </Badge>
                {isLive(order) && <Small data-testid="exchange-status">{t(`exchangeStatus.${exchangeDisplayKey(order.exchangeStatus)}`)}</Small>}
              </td>
              {actions && <td>{actions(order)}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
