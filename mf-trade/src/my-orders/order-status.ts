// How an order's states read (§4): the order status with a tone, and the exchange status through
// the display mapping (PENDING / WAITING_TO_BE_SENT / SENT_TO_EXCHANGE -> PENDING, …).
import { exchangeStatusDisplay, type BadgeTone, type ExchangeOrderStatus, type OrderStatus } from '@pasar/shared';

export const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  PENDING: 'neutral',
  PARTIALLY_FILLED: 'warning',
  SUCCESS: 'success',
  CANCELLED: 'neutral',
  FAILED: 'danger',
};

/** The translation key of an exchange status's display text ("AMEND REQUESTED" -> AMEND_REQUESTED). */
export const exchangeDisplayKey = (status: ExchangeOrderStatus): string => exchangeStatusDisplay(status).replace(/ /g, '_');
