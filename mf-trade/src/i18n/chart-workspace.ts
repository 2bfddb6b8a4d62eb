// The chart workspace's strings, merged into the `trade` namespace when its chunk loads (the
// trigger button's label is on screen before the chunk: chart-workspace-trigger.ts).
import { registerTranslations } from '@pasar/shared';
import { chartWorkspaceEn } from './chart-workspace-en';
import { chartWorkspaceId } from './chart-workspace-id';
import { TRADE_NAMESPACE } from './index';

export const chartWorkspaceTranslations = { id: chartWorkspaceId, en: chartWorkspaceEn };

/** Adds the strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerChartWorkspaceTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, chartWorkspaceTranslations);
}
