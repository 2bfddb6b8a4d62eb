// The foreign-currency wallets' rules: the three USD stock wallets and IDR <-> USD transfers, the
// leverage wallets, the USDT perpetuals margin wallet, and the whole-wallet summary. Money moves
// only through `app.ledger`; every conversion uses the quote at execution and rounds down.
import { cashAccountFrom } from '../wallet/account-service';
import {
  LEVERAGE_WALLETS,
  STOCK_WALLET_LEVERAGE,
  STOCK_WALLETS,
  type CashAccount,
  type Language,
  type LeverageCalculateQuery,
  type LeverageCalculation,
  type LeverageDetailsResponse,
  type LeverageMoveRequest,
  type LeverageMoveResult,
  type LeverageWalletName,
  type MarginDirection,
  type PerpBalance,
  type PerpMarginDepositRequest,
  type PerpMarginEstimate,
  type PerpMarginEstimateQuery,
  type PerpMarginResult,
  type PerpMarginSource,
  type PerpMarginWithdrawRequest,
  type StockBalanceResponse,
  type StockTransferEstimate,
  type StockTransferRequest,
  type StockTransferResult,
  type StockWallet,
  type StockWalletName,
  type WalletBalanceResponse,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import type { Ledger, TransferLeg, TransferResult } from '../../ledger/api';
import type { MarketFeed } from '../../market/feed';
import { usdIdrQuote, usdtIdrQuote, type ConversionQuote, type UsdIdrSource, type UsdtIdrQuote } from '../../market/quotes';
import { parseAmount } from './amounts';
import type { WalletExposure } from './exposure';
import { buyingPower, DECIMALS, floorTo, freeCollateral, idrToUsd, idrToUsdt, money, usdToIdr, usdtToIdr, type WalletCurrency } from './fx-math';
import {
  applyOnce,
  cashAccount,
  houseAccount,
  perpMarginAccount,
  requestKey,
  spotUsdtAccount,
  usdWallet,
  UserBalances,
  WALLET_PURPOSE,
} from './ledger-calls';
import type { FxWalletRepo } from './repo';
import type { NetWorthPartSource, NetWorthRegistry } from '../../plugins/net-worth';

export interface FxWalletSettings {
  readonly usdSpreadPercent: number;
  readonly usdtSpreadPercent: number;
  readonly minTransferIdr: string;
  readonly minTransferUsd: string;
  readonly perpMarginMinIdr: string;
  readonly perpMarginMinUsdt: string;
}

/** The identity checks that open the wallets, as the identity service (`app.identity`) answers them. */
export interface IdentityChecks {
  readonly kycStatus: string;
  readonly gssKycStatus: string;
}

/** Where the checks come from: the identity module's service. */
export interface IdentityCheckSource {
  userFacts(userId: string): Promise<IdentityChecks | null>;
}

export interface FxWalletServiceDeps {
  readonly repo: FxWalletRepo;
  /** The identity checks (`app.identity`). */
  readonly identity: IdentityCheckSource;
  readonly ledger: Ledger;
  /** The USD/IDR mid (the simulator) and the USDT-IDR ticker. */
  readonly market: { readonly simulator: UsdIdrSource } & Pick<MarketFeed, 'ticker'>;
  readonly settings: FxWalletSettings;
  /** What open positions take from the wallets (`marginExposure(app.margin)`). */
  readonly exposure: WalletExposure;
  /** What the person owns in one figure (`app.netWorth`): the balance page's total. */
  readonly netWorth: Pick<NetWorthRegistry, 'of'>;
  readonly now?: () => number;
}

/** The figures of a conversion, as stored in the transfer's memo and answered. */
interface StockPlan {
  readonly wallet: StockWalletName;
  readonly direction: StockTransferEstimate['direction'];
  readonly idr: Decimal;
  readonly usd: Decimal;
  readonly price: Decimal;
  readonly spreadPercent: Decimal;
}

interface PerpPlan {
  readonly direction: MarginDirection;
  readonly counterpart: PerpMarginSource;
  readonly usdt: Decimal;
  readonly idr: Decimal;
  readonly price: Decimal;
}

const ZERO_WALLET: StockWallet = { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '0', usdIdrPrice: '0' };

const belowMinimum = (min: string, currency: WalletCurrency, language: Language, code: '3601' | '3603') =>
  new AppError(code, { details: [{ path: 'amount', message: `${language === 'id' ? 'minimal' : 'minimum'} ${min} ${currency}` }] });

export type FxWalletService = ReturnType<typeof createFxWalletService>;

export function createFxWalletService(deps: FxWalletServiceDeps) {
  const { repo, ledger, market, settings } = deps;
  const { exposure } = deps;
  const now = deps.now ?? Date.now;

  const usdQuote = (): ConversionQuote => usdIdrQuote(market.simulator, settings.usdSpreadPercent, now());
  const usdtQuote = (): UsdtIdrQuote => usdtIdrQuote(market, settings.usdtSpreadPercent, now());
  const balancesOf = async (userId: string) => new UserBalances(await ledger.userBalances(userId));

  async function checks(userId: string) {
    const found = await deps.identity.userFacts(userId);
    if (!found) throw new AppError('009');
    return found;
  }
  /** US stocks need the W-8BEN-style declaration verified (§4), else 007. */
  async function requireGss(userId: string): Promise<void> {
    if ((await checks(userId)).gssKycStatus !== 'VERIFIED') throw new AppError('007');
  }
  /** The perpetuals margin wallet needs the identity check verified, else 007. */
  async function requireKyc(userId: string): Promise<void> {
    if ((await checks(userId)).kycStatus !== 'VERIFIED') throw new AppError('007');
  }

  // ---- stock wallets ----

  /**
   * A USD wallet's figures now: its available cash, the margin of its open leveraged positions, and
   * what is free of them (the paln wallet has none: all its available cash).
   */
  async function usdWalletFigures(userId: string, balances: UserBalances, name: StockWalletName) {
    const { balance, available } = balances.of(WALLET_PURPOSE[name], 'USD');
    if (name === 'paln') return { balance, available, margin: new Decimal(0), free: floorTo(available, DECIMALS.USD) };
    const open = await exposure.stock(userId, name);
    return { balance, available, margin: open.margin, free: freeCollateral(available, balance, open.margin, open.unrealizedPnl) };
  }

  async function stockWallets(userId: string, balances: UserBalances, quote: ConversionQuote): Promise<StockBalanceResponse> {
    const wallet = async (name: StockWalletName): Promise<StockWallet> => {
      const figures = await usdWalletFigures(userId, balances, name);
      return {
        usdCash: money(figures.available, 'USD'),
        usdMargin: money(figures.margin, 'USD'),
        idrCash: money(usdToIdr(figures.available, quote.sell), 'IDR'),
        buyingPower: money(buyingPower(figures.free, STOCK_WALLET_LEVERAGE[name]), 'USD'),
        usdIdrPrice: quote.mid.toFixed(2),
      };
    };
    const [paln, leverage, intraday] = await Promise.all(STOCK_WALLETS.map(wallet));
    return { paln: paln!, leverage: leverage!, intraday: intraday! };
  }

  function planStockTransfer(request: StockTransferRequest, quote: ConversionQuote, language: Language): StockPlan {
    const { wallet, direction } = request;
    if (direction === 'TO_USD') {
      const idr = parseAmount(request.amount, 'IDR', language);
      if (idr.lessThan(settings.minTransferIdr)) throw belowMinimum(settings.minTransferIdr, 'IDR', language, '3601');
      const usd = idrToUsd(idr, quote.buy);
      if (usd.isZero()) throw new AppError('3602');
      return { wallet, direction, idr, usd, price: quote.buy, spreadPercent: quote.spreadPercent };
    }
    const usd = parseAmount(request.amount, 'USD', language);
    if (usd.lessThan(settings.minTransferUsd)) throw belowMinimum(settings.minTransferUsd, 'USD', language, '3601');
    const idr = usdToIdr(usd, quote.sell);
    if (idr.isZero()) throw new AppError('3602');
    return { wallet, direction, idr, usd, price: quote.sell, spreadPercent: quote.spreadPercent };
  }

  const stockEstimate = (plan: StockPlan): StockTransferEstimate => ({
    wallet: plan.wallet,
    direction: plan.direction,
    idrAmount: money(plan.idr, 'IDR'),
    usdAmount: money(plan.usd, 'USD'),
    price: plan.price.toFixed(0),
    spreadPercent: plan.spreadPercent.toFixed(2),
  });

  // ---- leverage wallets ----

  async function leverageDetails(userId: string, balances: UserBalances): Promise<LeverageDetailsResponse> {
    const wallets = await Promise.all(
      LEVERAGE_WALLETS.map(async (wallet) => {
        const leverage = STOCK_WALLET_LEVERAGE[wallet];
        const figures = await usdWalletFigures(userId, balances, wallet);
        return {
          wallet,
          leverage,
          collateral: money(figures.balance, 'USD'),
          usdMargin: money(figures.margin, 'USD'),
          buyingPower: money(buyingPower(figures.free, leverage), 'USD'),
          withdrawable: money(figures.free, 'USD'),
        };
      }),
    );
    return { palnUsdCash: money(balances.of('USD_PALN', 'USD').available, 'USD'), wallets };
  }

  /** The paln and leverage-wallet amounts a move would leave, or 1117 when the source is short. */
  async function leverageAfter(userId: string, wallet: LeverageWalletName, direction: MarginDirection, amount: Decimal) {
    const balances = await balancesOf(userId);
    const paln = balances.of('USD_PALN', 'USD').available;
    const figures = await usdWalletFigures(userId, balances, wallet);
    const source = direction === 'DEPOSIT' ? paln : figures.free;
    if (amount.greaterThan(source)) throw new AppError('1117');
    const moved = direction === 'DEPOSIT' ? amount : amount.negated();
    return {
      palnAfter: paln.minus(moved),
      collateralAfter: figures.balance.plus(moved),
      buyingPowerAfter: buyingPower(figures.free.plus(moved), STOCK_WALLET_LEVERAGE[wallet]),
    };
  }

  async function leverageMove(userId: string, requestId: string, request: LeverageMoveRequest, direction: MarginDirection): Promise<LeverageMoveResult> {
    await requireGss(userId);
    const amount = new Decimal(request.amount);
    const paln = usdWallet(userId, 'paln');
    const leveraged = usdWallet(userId, request.wallet);
    const memoRequest = { direction, wallet: request.wallet, amount: money(amount, 'USD') };
    return applyOnce(
      ledger,
      requestKey(userId, requestId),
      memoRequest,
      async () => {
        // Withdrawals may only take what no position uses (checked here; the ledger guards the rest).
        if (direction === 'WITHDRAW') await leverageAfter(userId, request.wallet, direction, amount);
        return ledger.transfer({
          key: requestKey(userId, requestId),
          kind: direction === 'DEPOSIT' ? 'LEVERAGE_DEPOSIT' : 'LEVERAGE_WITHDRAW',
          legs: [direction === 'DEPOSIT' ? { from: paln, to: leveraged, amount } : { from: leveraged, to: paln, amount }],
          memo: { request: memoRequest },
        });
      },
      async (transfer) => ({ ...(await leverageDetails(userId, await balancesOf(userId))), transferId: transfer.id }),
    );
  }

  // ---- perpetuals margin wallet ----

  async function perpBalanceOf(userId: string, balances: UserBalances): Promise<PerpBalance> {
    const margin = balances.of('PERP_MARGIN', 'USDT');
    const open = await exposure.perp(userId);
    const marginBalance = margin.balance.plus(open.unrealizedPnl);
    // No equity left with positions open reads 100 % (as the perps balance call answers).
    const ratio = open.maintenanceMargin.isZero()
      ? new Decimal(0)
      : marginBalance.lessThanOrEqualTo(0)
        ? new Decimal(100)
        : open.maintenanceMargin.div(marginBalance).times(100).toDecimalPlaces(2, Decimal.ROUND_UP);
    return {
      buyingPower: money(margin.available, 'USDT'),
      marginRatioPercentage: ratio.toFixed(2),
      walletBalance: money(margin.balance, 'USDT'),
      availableBalance: money(margin.available, 'USDT'),
      unrealizedPnl: open.unrealizedPnl.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6),
      positionMargin: money(open.positionMargin, 'USDT'),
    };
  }

  function planPerp(direction: MarginDirection, counterpart: PerpMarginSource, amount: string, language: Language): PerpPlan {
    const quote = usdtQuote();
    if (counterpart === 'IDR' && quote.halted) throw new AppError('3604');
    if (direction === 'DEPOSIT' && counterpart === 'IDR') {
      const idr = parseAmount(amount, 'IDR', language);
      if (idr.lessThan(settings.perpMarginMinIdr)) throw belowMinimum(settings.perpMarginMinIdr, 'IDR', language, '3603');
      const usdt = idrToUsdt(idr, quote.buy);
      if (usdt.isZero()) throw new AppError('3602');
      return { direction, counterpart, usdt, idr, price: quote.buy };
    }
    const usdt = parseAmount(amount, 'USDT', language);
    if (usdt.lessThan(settings.perpMarginMinUsdt)) throw belowMinimum(settings.perpMarginMinUsdt, 'USDT', language, '3603');
    if (counterpart === 'USDT') return { direction, counterpart, usdt, idr: new Decimal(0), price: quote.mid };
    const idr = usdtToIdr(usdt, quote.sell);
    if (idr.isZero()) throw new AppError('3602');
    return { direction, counterpart, usdt, idr, price: quote.sell };
  }

  const perpEstimate = (plan: PerpPlan): PerpMarginEstimate => ({
    direction: plan.direction,
    counterpart: plan.counterpart,
    usdtAmount: money(plan.usdt, 'USDT'),
    idrAmount: money(plan.idr, 'IDR'),
    price: plan.price.toFixed(plan.counterpart === 'USDT' ? 2 : 0),
  });

  function perpLegs(userId: string, plan: PerpPlan): TransferLeg[] {
    const margin = perpMarginAccount(userId);
    if (plan.counterpart === 'USDT') {
      const spot = spotUsdtAccount(userId);
      return [plan.direction === 'DEPOSIT' ? { from: spot, to: margin, amount: plan.usdt } : { from: margin, to: spot, amount: plan.usdt }];
    }
    const cash = cashAccount(userId);
    const fxIdr = houseAccount('FX', 'IDR');
    const fxUsdt = houseAccount('FX', 'USDT');
    return plan.direction === 'DEPOSIT'
      ? [
          { from: cash, to: fxIdr, amount: plan.idr },
          { from: fxUsdt, to: margin, amount: plan.usdt },
        ]
      : [
          { from: margin, to: fxUsdt, amount: plan.usdt },
          { from: fxIdr, to: cash, amount: plan.idr },
        ];
  }

  async function perpMove(userId: string, requestId: string, direction: MarginDirection, counterpart: PerpMarginSource, amount: string, language: Language): Promise<PerpMarginResult> {
    await requireKyc(userId);
    const key = requestKey(userId, requestId);
    const memoRequest = { direction, counterpart, amount };
    return applyOnce(
      ledger,
      key,
      memoRequest,
      () => {
        const plan = planPerp(direction, counterpart, amount, language);
        return ledger.transfer({
          key,
          kind: direction === 'DEPOSIT' ? 'PERP_MARGIN_DEPOSIT' : 'PERP_MARGIN_WITHDRAW',
          legs: perpLegs(userId, plan),
          memo: { request: memoRequest, figures: perpEstimate(plan) },
        });
      },
      async (transfer) => ({
        ...(transfer.memo.figures as PerpMarginEstimate),
        transferId: transfer.id,
        balance: await perpBalanceOf(userId, await balancesOf(userId)),
      }),
    );
  }

  return {
    async stockBalance(userId: string): Promise<StockBalanceResponse> {
      await requireGss(userId);
      return stockWallets(userId, await balancesOf(userId), usdQuote());
    },

    async stockTransferEstimate(userId: string, request: StockTransferRequest, language: Language): Promise<StockTransferEstimate> {
      await requireGss(userId);
      return stockEstimate(planStockTransfer(request, usdQuote(), language));
    },

    /**
     * TO_USD takes exactly the IDR typed and credits USD at the buy price (rounded down to the cent);
     * TO_IDR takes exactly the USD typed and credits IDR at the sell price (rounded down). Both legs
     * go through the house FX desk, so each currency balances.
     */
    async stockTransfer(userId: string, requestId: string, request: StockTransferRequest, language: Language): Promise<StockTransferResult> {
      await requireGss(userId);
      const key = requestKey(userId, requestId);
      const memoRequest = { wallet: request.wallet, direction: request.direction, amount: request.amount };
      return applyOnce(
        ledger,
        key,
        memoRequest,
        () => {
          const plan = planStockTransfer(request, usdQuote(), language);
          const cash = cashAccount(userId);
          const usd = usdWallet(userId, plan.wallet);
          const fxIdr = houseAccount('FX', 'IDR');
          const fxUsd = houseAccount('FX', 'USD');
          const legs: TransferLeg[] =
            plan.direction === 'TO_USD'
              ? [
                  { from: cash, to: fxIdr, amount: plan.idr },
                  { from: fxUsd, to: usd, amount: plan.usd },
                ]
              : [
                  { from: usd, to: fxUsd, amount: plan.usd },
                  { from: fxIdr, to: cash, amount: plan.idr },
                ];
          return ledger.transfer({ key, kind: 'FX', legs, memo: { request: memoRequest, figures: stockEstimate(plan) } });
        },
        (transfer: TransferResult) => ({
          ...(transfer.memo.figures as StockTransferEstimate),
          transferId: transfer.id,
          createdAt: transfer.createdAt.toISOString(),
        }),
      );
    },

    async leverageDetails(userId: string): Promise<LeverageDetailsResponse> {
      await requireGss(userId);
      return leverageDetails(userId, await balancesOf(userId));
    },

    async leverageCalculate(userId: string, query: LeverageCalculateQuery): Promise<LeverageCalculation> {
      await requireGss(userId);
      const amount = new Decimal(query.amount);
      const after = await leverageAfter(userId, query.wallet, query.direction, amount);
      return {
        wallet: query.wallet,
        direction: query.direction,
        amount: money(amount, 'USD'),
        palnUsdCashAfter: money(after.palnAfter, 'USD'),
        collateralAfter: money(after.collateralAfter, 'USD'),
        buyingPowerAfter: money(after.buyingPowerAfter, 'USD'),
      };
    },

    leverageDeposit: (userId: string, requestId: string, request: LeverageMoveRequest) => leverageMove(userId, requestId, request, 'DEPOSIT'),
    leverageWithdraw: (userId: string, requestId: string, request: LeverageMoveRequest) => leverageMove(userId, requestId, request, 'WITHDRAW'),

    /** Readable by every signed-in user (all zeros before the first deposit); moving money needs KYC. */
    async perpBalance(userId: string): Promise<PerpBalance> {
      return perpBalanceOf(userId, await balancesOf(userId));
    },

    async perpMarginEstimate(userId: string, query: PerpMarginEstimateQuery, language: Language): Promise<PerpMarginEstimate> {
      await requireKyc(userId);
      return perpEstimate(planPerp(query.direction, query.source, query.amount, language));
    },

    /** From IDR: exactly the IDR typed, USDT at the ask rounded down to 6 decimals; from SPOT USDT: as typed. */
    perpMarginDeposit: (userId: string, requestId: string, request: PerpMarginDepositRequest, language: Language) =>
      perpMove(userId, requestId, 'DEPOSIT', request.source, request.amount, language),

    /** To IDR: exactly the USDT typed, IDR at the bid rounded down; to SPOT USDT: as typed. */
    perpMarginWithdraw: (userId: string, requestId: string, request: PerpMarginWithdrawRequest, language: Language) =>
      perpMove(userId, requestId, 'WITHDRAW', request.target, request.amount, language),

    /**
     * The wallets' parts of what a person owns (`app.netWorth`), at the mids: IDR cash (with what is
     * on hold), voucher and free balance; the three USD stock wallets; the perpetuals margin wallet
     * with its unrealized PnL.
     */
    netWorthParts(): NetWorthPartSource[] {
      return [
        {
          key: 'IDR_CASH',
          valueIdr: ({ balances }) => {
            const b = new UserBalances(balances);
            return b.of('CASH', 'IDR').balance.plus(b.of('VOUCHER', 'IDR').balance).plus(b.of('FREE', 'IDR').balance);
          },
        },
        {
          key: 'USD_WALLETS',
          valueIdr: ({ balances, usdIdr }) => {
            const b = new UserBalances(balances);
            return STOCK_WALLETS.reduce((sum, name) => sum.plus(b.of(WALLET_PURPOSE[name], 'USD').balance), new Decimal(0)).times(usdIdr);
          },
        },
        {
          key: 'USDT_MARGIN',
          valueIdr: async ({ userId, balances, usdtIdr }) => {
            const perp = await perpBalanceOf(userId, new UserBalances(balances));
            return new Decimal(perp.walletBalance).plus(perp.unrealizedPnl).times(usdtIdr);
          },
        },
      ];
    },

    /** Everything for the balance page; its total is what the person owns (`app.netWorth`), every wallet and holding. */
    async walletBalance(userId: string): Promise<WalletBalanceResponse> {
      const [found, balances, worth] = await Promise.all([checks(userId), balancesOf(userId), deps.netWorth.of(userId)]);
      const usd = usdQuote();
      const usdt = usdtQuote();
      const cashAccountView = cashAccountFrom((purpose) => balances.of(purpose, 'IDR'));
      const available = found.gssKycStatus === 'VERIFIED';
      const stockWalletsView = available
        ? await stockWallets(userId, balances, usd)
        : { paln: ZERO_WALLET, leverage: ZERO_WALLET, intraday: ZERO_WALLET };
      const perp = await perpBalanceOf(userId, balances);
      const totalIdr = new Decimal(worth.totalIdr);
      return {
        cashAccount: cashAccountView,
        stockWallets: stockWalletsView,
        stockWalletsAvailable: available,
        perp,
        usdtIdrPrice: usdt.mid.toFixed(2),
        usdIdrPrice: usd.mid.toFixed(2),
        totalIdr: worth.totalIdr,
        netWorth: worth,
        totalUsd: money(usd.mid.isZero() ? 0 : totalIdr.div(usd.mid), 'USD'),
        updatedAt: now(),
      };
    },
  };
}
