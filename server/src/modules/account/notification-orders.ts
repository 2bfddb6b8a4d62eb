// Trading notifications from the engine's order events (every market, ORDER_EVENTS_TOPIC): an
// order filled (SUCCESS), partly filled (PARTIALLY_FILLED, once per new filled quantity) and an
// order its time in force cancelled (reason EXPIRED), as ORDER_FILLED linking to the order. Each is
// sent under a key of the order and what happened, so every instance may hear the event and the
// user still gets it once.
import type { Language, Order } from '@pasar/shared/contract';
import { ORDER_EVENTS_TOPIC, type OrderEvent } from '../../trading/events';
import type { Market } from '../../trading/order-model';
import { EXPIRED_REASON } from '../../trading/market-rules';
import type { PubSub, Unsubscribe } from '../../pubsub';
import { shownNumber, type LocalizedText, type Notify, type NotifyInput } from './notification-service';

const shown = shownNumber;
// Lazily: notify reads only the person's language, and formatting the numbers is most of the cost.
const both = (text: (language: Language) => string): LocalizedText => ({
  get id() {
    return text('id');
  },
  get en() {
    return text('en');
  },
});
const isZero = (value: string) => !/[1-9]/.test(value);

/** Closing orders a margined market that tells of its own closes (US CFDs) announces itself. */
const TOLD_CLOSES: ReadonlySet<string> = new Set(['TAKE_PROFIT', 'STOP_LOSS', 'INTRADAY_CLOSE']);

/**
 * Whether the margin engine already tells of this order: a liquidation (ACCOUNT_LIQUIDATION, every
 * margined market) and, in a market whose closes have their own notices, its TP/SL and 4x close.
 * Such an order gets no second, generic "order filled".
 */
export function toldByEngine(order: Order, marketTellsCloses: boolean): boolean {
  return order.reason === 'LIQUIDATION' || (marketTellsCloses && TOLD_CLOSES.has(order.reason ?? ''));
}

/** The notification an order event calls for, or null (placed, triggered, cancelled by the user, …). */
export function orderNotification(order: Order): NotifyInput | null {
  const sideOf = (language: Language) => (order.side === 'BUY' ? (language === 'id' ? 'Beli' : 'Buy') : language === 'id' ? 'Jual' : 'Sell');
  const link = { kind: 'ORDER' as const, symbol: order.symbol, assetType: order.market, orderId: order.id };
  const filled = (language: Language) =>
    `${sideOf(language)} ${shown(order.filledQuantity, language)} ${order.symbol}${order.averagePrice ? ` @ ${shown(order.averagePrice, language)}` : ''}`;
  if (order.status === 'SUCCESS' && !isZero(order.filledQuantity)) {
    return {
      type: 'ORDER_FILLED',
      title: both((l) => (l === 'id' ? `Order ${order.symbol} terisi` : `${order.symbol} order filled`)),
      body: both((l) => (l === 'id' ? `${filled(l)} terisi penuh.` : `${filled(l)} filled.`)),
      link,
      key: `order:${order.id}:filled`,
    };
  }
  if (order.status === 'PARTIALLY_FILLED' && !isZero(order.filledQuantity)) {
    return {
      type: 'ORDER_FILLED',
      title: both((l) => (l === 'id' ? `Order ${order.symbol} terisi sebagian` : `${order.symbol} order partially filled`)),
      body: both((l) => (l === 'id' ? `${filled(l)} terisi sejauh ini.` : `${filled(l)} filled so far.`)),
      link,
      key: `order:${order.id}:partial:${order.filledQuantity}`,
    };
  }
  if (order.status === 'CANCELLED' && order.reason === EXPIRED_REASON) {
    const part = (l: Language) => (isZero(order.filledQuantity) ? '' : l === 'id' ? ` Terisi ${shown(order.filledQuantity, l)}.` : ` ${shown(order.filledQuantity, l)} filled.`);
    return {
      type: 'ORDER_FILLED',
      title: both((l) => (l === 'id' ? `Order ${order.symbol} kedaluwarsa` : `${order.symbol} order expired`)),
      body: both((l) =>
        l === 'id'
          ? `${sideOf(l)} ${order.symbol} dibatalkan karena masa berlakunya habis; dana yang ditahan dikembalikan.${part(l)}`
          : `${sideOf(l)} ${order.symbol} was cancelled as its time in force ran out; the held funds were released.${part(l)}`,
      ),
      link,
      key: `order:${order.id}:expired`,
    };
  }
  return null;
}

/** Listens to the engine's order events and notifies; returns the unsubscribe. `tellsCloses`: the margined markets with their own close notices. */
export async function notifyOrderEvents(
  pubsub: PubSub,
  notify: Notify,
  log: { warn(obj: object, msg: string): void },
  tellsCloses: (market: Market) => boolean = () => false,
): Promise<Unsubscribe> {
  return pubsub.subscribe(ORDER_EVENTS_TOPIC, (message) => {
    const event = message as OrderEvent;
    if (!event?.order || toldByEngine(event.order, event.market !== undefined && tellsCloses(event.market))) return;
    const input = orderNotification(event.order);
    if (!input) return;
    void notify(event.userId, input).catch((err: unknown) => log.warn({ err, orderId: event.order.id }, 'notification: an order notification failed'));
  });
}
