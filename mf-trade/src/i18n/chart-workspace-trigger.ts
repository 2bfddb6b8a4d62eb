// The one chart workspace string on screen before its chunk loads: the button that opens it.
// Registered by the trade chart; a few bytes, so the page's first load stays as it was.
import { registerTranslations } from '@pasar/shared';
import { TRADE_NAMESPACE } from './index';

export const chartWorkspaceTriggerTranslations = {
  id: { chartWorkspaceTrigger: { open: 'Grafik saya' } },
  en: { chartWorkspaceTrigger: { open: 'My charts' } },
};

export function registerChartWorkspaceTrigger(): void {
  registerTranslations(TRADE_NAMESPACE, chartWorkspaceTriggerTranslations);
}
