// The chart tools' strings, merged into the `trade` namespace when their lazy chunk loads.
import { registerTranslations } from '@pasar/shared';
import { chartToolsEn } from './chart-tools-en';
import { chartToolsId } from './chart-tools-id';
import { TRADE_NAMESPACE } from './index';

export const chartToolsTranslations = { id: chartToolsId, en: chartToolsEn };

export function registerChartToolsTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, chartToolsTranslations);
}
