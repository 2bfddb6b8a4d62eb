// What a person owns, in one figure: `app.netWorth`. Every wallet and every market adds its value
// in Rupiah through one hook, `app.netWorth.register(part)`, before the app is ready (the wallet
// modules their cash, USD and USDT wallets; the portfolio its crypto and US holdings; a new market
// its holdings or positions). `of(userId)` reads the user's ledger balances once, prices the foreign
// parts at one pair of mids, floors each part to whole Rupiah and adds them: the balance page's
// "Total aset" and the portfolio's total are this figure, so they cannot disagree.
import type { NetWorth } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import fp from 'fastify-plugin';
import type { AccountBalance } from '../ledger/api';
import { usdIdrQuote, usdtIdrQuote } from '../market/quotes';

/** What a part is valued from: the user's ledger balances and the mids, at one instant. */
export interface NetWorthContext {
  readonly userId: string;
  readonly at: number;
  readonly balances: readonly AccountBalance[];
  /** IDR per USD, the house's mid (2 decimals). */
  readonly usdIdr: string;
  /** IDR per USDT, the USDT-IDR book's mid (2 decimals). */
  readonly usdtIdr: string;
}

export interface NetWorthPartSource {
  /** Upper-case key the pages name the part by (`CRYPTO`, `USDT_MARGIN`…); unique. */
  readonly key: string;
  /** The part's value in IDR (any precision; rounded down to whole Rupiah here). */
  valueIdr(context: NetWorthContext): Promise<Decimal.Value> | Decimal.Value;
}

export interface NetWorthRates {
  usdIdr(at: number): string;
  usdtIdr(at: number): string;
}

export interface NetWorthDeps {
  readonly balances: (userId: string) => Promise<AccountBalance[]>;
  readonly rates: NetWorthRates;
  readonly now: () => number;
}

export function createNetWorth(deps: NetWorthDeps) {
  const parts: NetWorthPartSource[] = [];
  return {
    register(part: NetWorthPartSource): void {
      if (parts.some((p) => p.key === part.key)) throw new Error(`net worth part ${part.key} registered twice`);
      parts.push(part);
    },

    keys: (): string[] => parts.map((p) => p.key),

    async of(userId: string): Promise<NetWorth> {
      const at = deps.now();
      const context: NetWorthContext = { userId, at, balances: await deps.balances(userId), usdIdr: deps.rates.usdIdr(at), usdtIdr: deps.rates.usdtIdr(at) };
      const values = await Promise.all(parts.map(async (part) => new Decimal(await part.valueIdr(context)).toDecimalPlaces(0, Decimal.ROUND_DOWN)));
      const total = values.reduce((sum, value) => sum.plus(value), new Decimal(0));
      return {
        totalIdr: total.toFixed(0),
        parts: parts.map((part, i) => ({ key: part.key, valueIdr: values[i]!.toFixed(0) })),
        usdIdr: context.usdIdr,
        usdtIdr: context.usdtIdr,
        at,
      };
    },
  };
}

export type NetWorthRegistry = ReturnType<typeof createNetWorth>;

declare module 'fastify' {
  interface FastifyInstance {
    netWorth: NetWorthRegistry;
  }
}

/** The sum of a user's balances in `currency` over the accounts `pick` accepts (held included). */
export function balanceSum(balances: readonly AccountBalance[], pick: (balance: AccountBalance) => boolean): Decimal {
  return balances.filter(pick).reduce((sum, b) => sum.plus(b.balance), new Decimal(0));
}

export const netWorthPlugin = fp(
  async (app) => {
    app.decorate(
      'netWorth',
      createNetWorth({
        balances: (userId) => app.ledger.userBalances(userId),
        rates: {
          usdIdr: (at) => usdIdrQuote(app.market.simulator, app.config.market.usdSpreadPercent, at).mid.toFixed(2),
          usdtIdr: (at) => usdtIdrQuote(app.market, 0, at).mid.toFixed(2),
        },
        now: () => app.market.now(),
      }),
    );
  },
  { name: 'pasar-net-worth', dependencies: ['pasar-config', 'pasar-market', 'pasar-ledger'] },
);
