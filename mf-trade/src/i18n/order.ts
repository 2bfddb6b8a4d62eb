// The order panel's and orders list's strings, merged into the `trade` namespace when their lazy
// chunks load.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from './index';
import { orderEn } from './order-en';
import { orderId } from './order-id';

export const orderTranslations = { id: orderId, en: orderEn };

/** Adds the order strings to the namespace (idempotent). */
export function registerOrderTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, orderTranslations);
}
