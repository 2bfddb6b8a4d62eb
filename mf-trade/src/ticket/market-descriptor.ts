// What the order ticket needs to know about a market, as one object: the order ticket is one
// component and one `useOrderDraft` for every market; a market differs only by its descriptor
// (which order types and sizes it takes now, its currency and precisions, whether it has an
// extended-hours switch, its times in force, its fee preview and its calls). Adding a market's
// ticket means writing one descriptor, nothing else.
import type { BalanceRefreshOptions, CryptoOrder, OrderInputType, OrderSideText, OrderType, TimeInForce } from '@pasar/shared';
import type { Instrument } from '../market/types';
import type { OrderDraft } from './order-math';

/** Currencies a ticket's prices and amounts are in. */
export type TicketCurrency = 'IDR' | 'USD';

/** The numbers of an order as the ticket shows them (decimal strings in the ticket's currency). */
export interface TicketNumbers {
  price: string;
  quantity: string;
  /** The base amount b = quantity × price. */
  amount: string;
  fee: string;
  /** Taxes (crypto) or regulatory fees (US sells). */
  tax: string;
  /** Buy: what is paid; sell: what is received. */
  total: string;
  /** The total in IDR, for a ticket in another currency (null: not known, or already IDR). */
  totalIdr: string | null;
}

/** What the market allows now, for the side and mode on screen. */
export interface TicketRules {
  orderTypes: readonly OrderType[];
  inputTypes: readonly OrderInputType[];
  enableBuy: boolean;
  enableSell: boolean;
  /** Why buying or selling is off (the server's localized text), null when nothing is said. */
  disabledReason: string | null;
  pricePrecision: number;
  /** The price grid (null: the precision only). */
  tickSize: string | null;
  quantityPrecision: number;
  quantityStep: string;
  amountPrecision: number;
  minQuantity: string;
  minAmount: string;
  /** The time-in-force choices of an order that waits (none: the select is not shown). */
  timesInForce: readonly TimeInForce[];
  /** The extended-hours switch is offered (US stocks with post-market, `ipme`). */
  extendedHours: boolean;
}

/** The live quote the local numbers are worked out at. */
export interface TicketQuote {
  bid?: string;
  ask?: string;
  last?: string;
}

/** What the person can spend (buys) and sell (sells); null while not known. */
export interface TicketFunds {
  buyingPower: string | null;
  holdings: string | null;
  /** IDR per unit of the ticket's currency (null: the ticket is in IDR, or not known yet). */
  idrRate: string | null;
  /** Asks the funds again (after an order). */
  refresh: () => void;
}

/** The symbol the ticket trades and how (pro: the full ticket; crypto's simple ticket is not). */
export interface TicketTarget {
  symbol: string;
  instrument: Instrument | undefined;
  pro: boolean;
}

export interface MarketDescriptor<Types, EstimateRequest> {
  /** The wire's asset type of the orders it places. */
  market: 'CRYPTO' | 'USSTOCK';
  currency: TicketCurrency;
  /** The market opens and closes (stocks): the ticket explains what "till market close" means. */
  sessions: boolean;
  /** The translation key of the numbers' tax line (crypto's tax; a US sell's regulatory fees). */
  taxLabel: string;
  /** The order-types answer(s), cached under `typesKey`. */
  typesKey: (target: TicketTarget) => string;
  fetchTypes: (target: TicketTarget, signal?: AbortSignal) => Promise<Types>;
  rules: (types: Types, target: TicketTarget, draft: Pick<OrderDraft, 'side' | 'extendedHours'>) => TicketRules;
  /** A hook: the buying power and holdings of the symbol (open sells subtracted where the server does not). */
  useFunds: (target: TicketTarget, openOrders: readonly CryptoOrder[]) => TicketFunds;
  /** The fee preview at once, on every keystroke (null: no price or size yet, or the math refuses). */
  localNumbers: (draft: OrderDraft, quote: TicketQuote, types: Types, rules: TicketRules, funds: TicketFunds) => TicketNumbers | null;
  /** The estimate call of a complete draft, and the call itself (the server's numbers). */
  estimateRequest: (target: TicketTarget, draft: OrderDraft) => EstimateRequest;
  estimate: (request: EstimateRequest, signal?: AbortSignal) => Promise<TicketNumbers>;
  /** Places the reviewed draft with the review's request id; answers every order created. */
  place: (target: TicketTarget, draft: OrderDraft, requestId: string) => Promise<CryptoOrder[]>;
  /** The balances an order changes. */
  balances: (symbol: string) => BalanceRefreshOptions;
  /** The analytics event of a review. */
  reviewEvent: (side: OrderSideText) => string;
}
