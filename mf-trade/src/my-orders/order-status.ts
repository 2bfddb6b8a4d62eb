// How an order's states read (§4): the order status with a tone, and the exchange status through
// the display mapping (PENDING / WAITING_TO_BE_SENT / SENT_TO_EXCHANGE -> PENDING, …).
import { exchangeStatusDisplay, type BadgeTone, type CryptoOrder, type ExchangeOrderStatus, type OrderStatus } from '@pasar/shared';

export const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  PENDING: 'neutral',
  PARTIALLY_FILLED: 'warning',
  SUCCESS: 'success',
  CANCELLED: 'neutral',
  FAILED: 'danger',
};

/** The translation key of an exchange status's display text ("AMEND REQUESTED" -> AMEND_REQUESTED). */
export const exchangeDisplayKey = (status: ExchangeOrderStatus): string => exchangeStatusDisplay(status).replace(/ /g, '_');

/** An order still working: only then does the exchange's status (the §4 display mapping) add anything. */
export const isLive = (order: Pick<CryptoOrder, 'status'>): boolean => order.status === 'PENDING' || order.status === 'PARTIALLY_FILLED';

/**
 * The translation key of an order's one status: an order cancelled by its time in force (reason
 * EXPIRED) reads "Expired", not "Cancelled".
 */
export const statusKey = (order: Pick<CryptoOrder, 'status' | 'reason'>): string =>
  order.status === 'CANCELLED' && order.reason === 'EXPIRED' ? 'orderStatus.EXPIRED' : `orderStatus.${order.status}`;
