// The USDT perpetual futures calls (§7 Perp futures), one typed function per endpoint (style 16),
// as `@pasar/shared/perps-client`: signed-in code paths import it (lazy chunks), so it is not part
// of the guest first load. Bind it to the page's client once:
//   const perps = createPerpsClient(api);
//   const positions = await perps.positions({ signal });
// Each function sends its endpoint's method and path and parses the answer with the contract's
// schema (`contract/perps.ts`, loaded with the first call); a mismatch rejects with INVALID_RESPONSE.
import type { z } from 'zod';
import type { PerpBalance } from '../contract/wallet';
import { FX_WALLET_PATHS } from '../contract/wallet-paths';
import type {
  PerpCloseEstimate,
  PerpCloseQuery,
  PerpCloseRequest,
  PerpEstimateQuery,
  PerpFundingHistory,
  PerpFundingRate,
  PerpInstrumentsResponse,
  PerpLeverageResponse,
  PerpOrderEstimate,
  PerpOrderInput,
  PerpOrderList,
  PerpOrdersQuery,
  PerpOrderTypesResponse,
  PerpPlaceResponse,
  PerpPositionMarginRequest,
  PerpPositionResponse,
  PerpPositionsResponse,
  PerpTpSlRequest,
} from '../contract/perps';
import { PERPS_PATHS, perpOrderCancelPath, type MarginMode } from '../contract/perps-paths';
import type { ApiClient } from './api-client';
import { callEndpoint, type CallOptions } from './endpoint';

export type { CallOptions } from './endpoint';

type PerpsSchemas = typeof import('../contract/perps');
const perps =
  <T>(pick: (schemas: PerpsSchemas) => z.ZodType<T>) =>
  async (): Promise<z.ZodType<T>> =>
    pick(await import('../contract/perps'));
const balanceSchema = async (): Promise<z.ZodType<PerpBalance>> => (await import('../contract/wallet')).PerpBalance;

/** The estimate's query as the caller writes it (defaults filled by the server). */
export type PerpEstimateInput = Omit<PerpEstimateQuery, 'orderType' | 'reduceOnly'> & Partial<Pick<PerpEstimateQuery, 'orderType' | 'reduceOnly'>>;

export interface PerpsClient {
  /** GET the perps with their rules (tiers, max leverage, fees, sizes, band). */
  instruments(options?: CallOptions): Promise<PerpInstrumentsResponse>;
  /** GET what may be placed now for one perp, its leverage and margin mode, and the price band. */
  orderTypes(symbol: string, options?: CallOptions): Promise<PerpOrderTypesResponse>;
  /** GET the margin, fee and liquidation price an order would have (nothing changes). */
  estimate(query: PerpEstimateInput, options?: CallOptions): Promise<PerpOrderEstimate>;
  /** POST a buy (opens/increases a long, or reduces a short). */
  buy(body: PerpOrderInput, options?: CallOptions): Promise<PerpPlaceResponse>;
  /** POST a sell (opens/increases a short, or reduces a long). */
  sell(body: PerpOrderInput, options?: CallOptions): Promise<PerpPlaceResponse>;
  /** GET the user's perp orders (open or history), newest first. */
  orders(query?: Partial<PerpOrdersQuery>, options?: CallOptions): Promise<PerpOrderList>;
  /** POST the cancel of an open perp order. */
  cancel(id: string, options?: CallOptions): Promise<PerpPlaceResponse>;
  /** GET the estimate of closing (part of) a position at market. */
  closeEstimate(query: PerpCloseQuery, options?: CallOptions): Promise<PerpCloseEstimate>;
  /** POST the close of (part of) a position. */
  close(body: Partial<PerpCloseRequest> & Pick<PerpCloseRequest, 'symbol'>, options?: CallOptions): Promise<PerpPlaceResponse>;
  /** GET the funding rate, the next funding time, mark and index price. */
  fundingRate(symbol: string, options?: CallOptions): Promise<PerpFundingRate>;
  /** GET the funding payments, newest first. */
  fundingHistory(query?: { symbol?: string; page?: number; size?: number }, options?: CallOptions): Promise<PerpFundingHistory>;
  /** GET the user's open positions and the margin wallet. */
  positions(options?: CallOptions): Promise<PerpPositionsResponse>;
  /** GET the leverage and margin mode set for a symbol. */
  leverage(symbol: string, options?: CallOptions): Promise<PerpLeverageResponse>;
  /** POST a new leverage for a symbol (refused when the margin no longer suffices); answers the position and the wallet. */
  setLeverage(symbol: string, leverage: number, options?: CallOptions): Promise<PerpPositionResponse>;
  /** POST cross or isolated for a symbol (only with no position and no open orders). */
  setMarginMode(symbol: string, marginMode: MarginMode, options?: CallOptions): Promise<PerpPositionResponse>;
  /** POST margin added to or removed from an isolated position. */
  positionMargin(body: PerpPositionMarginRequest, options?: CallOptions): Promise<PerpPositionResponse>;
  /** POST the take-profit and stop-loss of a position (null clears one). */
  tpsl(body: PerpTpSlRequest, options?: CallOptions): Promise<PerpPositionResponse>;
  /** GET the margin wallet: buyingPower, marginRatioPercentage, balances. */
  balance(options?: CallOptions): Promise<PerpBalance>;
}

export function createPerpsClient(client: ApiClient): PerpsClient {
  const placed = perps((s) => s.PerpPlaceResponse);
  const position = perps((s) => s.PerpPositionResponse);
  const leverage = perps((s) => s.PerpLeverageResponse);
  return {
    instruments: (options) => callEndpoint(client, { method: 'GET', path: PERPS_PATHS.instruments, schema: perps((s) => s.PerpInstrumentsResponse) }, options),
    orderTypes: (symbol, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.orderTypes, params: { symbol }, schema: perps((s) => s.PerpOrderTypesResponse) }, options),
    estimate: (query, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.estimate, params: { ...query }, schema: perps((s) => s.PerpOrderEstimate) }, options),
    buy: (body, options) => callEndpoint(client, { method: 'POST', path: PERPS_PATHS.buy, body, schema: placed }, options),
    sell: (body, options) => callEndpoint(client, { method: 'POST', path: PERPS_PATHS.sell, body, schema: placed }, options),
    orders: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.orders, params: { ...query }, schema: perps((s) => s.PerpOrderList) }, options),
    cancel: (id, options) => callEndpoint(client, { method: 'POST', path: perpOrderCancelPath(id), schema: placed }, options),
    closeEstimate: (query, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.closeEstimate, params: { ...query }, schema: perps((s) => s.PerpCloseEstimate) }, options),
    close: (body, options) => callEndpoint(client, { method: 'POST', path: PERPS_PATHS.close, body, schema: placed }, options),
    fundingRate: (symbol, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.fundingRate, params: { symbol }, schema: perps((s) => s.PerpFundingRate) }, options),
    fundingHistory: (query = {}, options) =>
      callEndpoint(client, { method: 'GET', path: PERPS_PATHS.fundingHistory, params: { ...query }, schema: perps((s) => s.PerpFundingHistory) }, options),
    positions: (options) => callEndpoint(client, { method: 'GET', path: PERPS_PATHS.positions, schema: perps((s) => s.PerpPositionsResponse) }, options),
    leverage: (symbol, options) => callEndpoint(client, { method: 'GET', path: PERPS_PATHS.leverage, params: { symbol }, schema: leverage }, options),
    setLeverage: (symbol, value, options) =>
      callEndpoint(client, { method: 'POST', path: PERPS_PATHS.leverage, body: { symbol, leverage: value }, schema: position }, options),
    setMarginMode: (symbol, marginMode, options) =>
      callEndpoint(client, { method: 'POST', path: PERPS_PATHS.marginMode, body: { symbol, marginMode }, schema: position }, options),
    positionMargin: (body, options) => callEndpoint(client, { method: 'POST', path: PERPS_PATHS.positionMargin, body, schema: position }, options),
    tpsl: (body, options) => callEndpoint(client, { method: 'POST', path: PERPS_PATHS.tpsl, body, schema: position }, options),
    balance: (options) => callEndpoint(client, { method: 'GET', path: FX_WALLET_PATHS.perpBalance, schema: balanceSchema }, options),
  };
}
