// The private events of every market's orders: after every commit, each changed order on
// `user.<id>.orders` as `{ type: 'order', order }` and the currencies whose balances moved on
// `user.<id>.balances` as `{ type: 'balances', currencies }`. The stream hub forwards them.
// Every changed order also goes on ORDER_EVENTS_TOPIC as `{ userId, order }` (the notifications of
// fills and expiries listen there).
import type { Order } from '@pasar/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PubSub } from '../pubsub';
import { topics } from '../pubsub/topics';
import type { OrderTx } from './order-tx';
import type { Market } from './order-model';
import type { OrderRow } from './tables';

export interface OrderMessage {
  readonly type: 'order';
  readonly order: Order;
}
export interface BalancesMessage {
  readonly type: 'balances';
  readonly currencies: string[];
}

export const ORDER_EVENTS_TOPIC = 'trading.orders';
export interface OrderEvent {
  readonly userId: string;
  readonly order: Order;
  /** The engine's market of the order (a US CFD order is USSTOCK_LEV; the wire order says USSTOCK). */
  readonly market?: Market;
}

export function publishCommit(pubsub: PubSub, log: FastifyBaseLogger, tx: Pick<OrderTx, 'changed' | 'balances'>, view: (row: OrderRow) => Order): void {
  const send = (topic: string, message: OrderMessage | BalancesMessage | OrderEvent) =>
    void pubsub.publish(topic, message).catch((err: unknown) => log.warn({ err, topic }, 'trading: publishing an event failed'));
  for (const row of tx.changed.values()) {
    const order = view(row);
    send(topics.user(row.userId, 'orders'), { type: 'order', order });
    send(ORDER_EVENTS_TOPIC, { userId: row.userId, order, market: row.market });
  }
  for (const [userId, currencies] of tx.balances) send(topics.user(userId, 'balances'), { type: 'balances', currencies: [...currencies].sort() });
}
