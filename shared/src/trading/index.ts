// `@pasar/shared/trading`: order math shared by the server and the order ticket (issue 6) — the fee
// math of §9 with decimal.js. A subpath of its own so decimal.js stays out of the first load.
export {
  TradingDecimal,
  baseForAmount,
  ceilToStep,
  chargesForBase,
  fitBuyQuantity,
  floorToStep,
  orderNumbers,
  plain,
  type FeeRates,
  type OrderNumbers,
  type OrderNumbersInput,
  type TradeSide,
} from './fee-math';
export { idxTickSize, isOnIdxGrid, stepIdxPrice } from './idx-ticks';
