export {
  type SymbolKind,
  IDR_MARKER,
  PERP_MARKER,
  PERPS_SYMBOL_SUFFIX,
  DEFAULT_SYMBOLS,
  classifySymbol,
  isIdrSymbol,
  isPerpSymbol,
  toPerpSymbol,
  toIdrSymbol,
  baseAssetOf,
  isVideoFile,
} from './symbol-kind';
