// The asset pages' strings, merged into the `trade` namespace when their lazy chunk loads.
import { registerTranslations } from '@pasar/shared';
import { assetEn } from './asset-en';
import { assetId } from './asset-id';
import { TRADE_NAMESPACE } from './index';

export const assetTranslations = { id: assetId, en: assetEn };

/** Adds the asset strings to the namespace (idempotent: i18next merges the same bundle again). */
export function registerAssetTranslations(): void {
  registerTranslations(TRADE_NAMESPACE, assetTranslations);
}
