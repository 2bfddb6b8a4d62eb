// The Watchlist and PriceAlert views' strings, merged into the `trade` namespace when their lazy chunk loads.
import { registerTranslations } from '@pasar/shared';
import { alertsEn } from './alerts-en';
import { alertsId } from './alerts-id';
import { TRADE_NAMESPACE } from './index';

export const alertsTranslations = { id: alertsId, en: alertsEn };

/** Adds the strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerAlertsTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, alertsTranslations);
}
