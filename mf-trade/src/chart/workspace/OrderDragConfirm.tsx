// A limit order's line dropped at a new price (a chunk of its own, loaded on the first drop): the
// person confirms, then the order is amended through its market's amend call (crypto, US stock,
// IDX: the same calls as the order panel's amend form) with one request id (a retried confirmation
// amends once). The new price is put on the tick with decimal math before
// it is shown or sent; the answer's orders update the open orders (the line moves with them).
import { ConfirmDialog, isApiError, showToast, useAppStore, type AmendOrderRequest, type CryptoOrder } from '@pasar/shared';
import { useState } from 'react';
import { useTradeT } from '../../i18n';
import { registerChartWorkspaceTranslations } from '../../i18n/chart-workspace';
import { formatPrice, formatQuantity, type PriceFormat } from '../../market/price-format';
import { applyOrders } from '../../my-orders/orders-feed';
import { amendOrder } from '../../order-calls/crypto-calls';
import { idxOrders } from '../../order-calls/idx-calls';
import { usStockOrders } from '../../order-calls/us-stock-calls';
import { targetOnTick } from '../../price-alerts/alert-target';

registerChartWorkspaceTranslations();

type Amend = (order: CryptoOrder, request: AmendOrderRequest, requestId: string) => Promise<CryptoOrder[]>;

/** Each market whose limit orders' lines can be dragged, with its amend call (DRAG_AMEND_MARKETS in the bridge). */
const AMEND: Record<'crypto' | 'usstock' | 'idx', Amend> = {
  crypto: (order, request, requestId) => amendOrder(order.id, request, requestId),
  usstock: usStockOrders.amend,
  idx: idxOrders.amend,
};

export interface OrderDragConfirmProps {
  market: keyof typeof AMEND;
  order: CryptoOrder;
  /** Where the line was dropped (a canvas number). */
  dropped: number;
  tick: string;
  format: PriceFormat;
  /** Closed: amended, refused or kept (the caller redraws the lines either way). */
  onDone(): void;
}

export function OrderDragConfirm({ market, order, dropped, tick, format, onDone }: OrderDragConfirmProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const [requestId] = useState(() => crypto.randomUUID());
  const price = targetOnTick(dropped, tick);
  const size = order.quantity ? formatQuantity(order.quantity, lng) : formatPrice(order.amount ?? '0', format);

  const confirm = async () => {
    try {
      applyOrders(await AMEND[market](order, { limitPrice: price }, requestId));
      showToast({ kind: 'success', title: t('orderDrag.moved', { price: formatPrice(price, format) }) });
    } catch (error) {
      showToast({ kind: 'error', title: isApiError(error) ? error.message : t('chartWorkspace.actionError') });
    } finally {
      onDone();
    }
  };

  return (
    <ConfirmDialog
      open
      title={t('orderDrag.title')}
      description={t('orderDrag.body', {
        side: t(order.side === 'BUY' ? 'orderDrag.buy' : 'orderDrag.sell'),
        quantity: size,
        from: formatPrice(order.limitPrice ?? '0', format),
        to: formatPrice(price, format),
      })}
      confirmLabel={t('orderDrag.confirm')}
      cancelLabel={t('orderDrag.cancel')}
      tone={order.side === 'BUY' ? 'buy' : 'sell'}
      onConfirm={confirm}
      onCancel={onDone}
    />
  );
}
