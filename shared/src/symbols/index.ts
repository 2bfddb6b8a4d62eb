export { PERPS_SYMBOL_SUFFIX, toPerpSymbol, toIdrSymbol, withPerpMarker, baseAssetOf, isVideoFile } from './symbol-names';
