// The market module's rules: symbol info, market status, quotes, descriptions, movers, USD price,
// halts and product info, US stock reference data, the IDX calls and news. Market data itself
// comes from `app.market` (MarketRuntime over the simulator).
import type {
  AssetType,
  CalendarResponse,
  CorporateActionsResponse,
  Description,
  EpsResponse,
  HaltReason,
  IdssCalendarResponse,
  IdssListResponse,
  IdssOhlc,
  Instrument,
  KeyFigure,
  Language,
  MarketStatusInfo,
  MarketStatusResponse,
  MoverEntry,
  NewsListResponse,
  PriceQuote,
  ProductInfo,
  SymbolInfoResponse,
  TopMovers,
  TradingHalt,
  UsdPrice,
} from '@pasar/shared/contract';
import { MAX_CALENDAR_DAYS, MAX_CANDLES_PER_CALL } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../http/app-error';
import { idxCalendar, nyseCalendar, type MarketCalendar } from '../../market/calendar';
import { calendarDays } from '../../market/calendar/days';
import { IDX_HOLIDAYS } from '../../market/calendar/idx-holidays';
import { addDays, DAY_MS, epochDay } from '../../market/calendar/time';
import type { HaltState } from '../../market/halts';
import { idxBand, idxInstrumentAt, idxTickSize } from '../../market/idx-rules';
import { usdIdrQuote } from '../../market/quotes';
import type { MarketRuntime } from '../../market/runtime';
import { UnknownSymbolError } from '../../market/simulator';
import { corporateActions, earnings } from './reference';
import type { NewsRepo } from './repo';

/** §8's default message for a halt without an operator reason. */
export const DEFAULT_HALT_MESSAGE: Record<Language, HaltReason> = {
  id: {
    title: 'Perdagangan dihentikan sementara',
    description:
      'Pembelian dan penjualan untuk sementara tidak tersedia karena tindakan regulator, fluktuasi harga, berita, atau kendala teknis.',
  },
  en: {
    title: 'Trading is halted',
    description:
      'Buying and selling is temporarily unavailable due to regulatory actions, price fluctuations, news or technical issues.',
  },
};

const CLOSED_BANNER: Record<Language, { title: string; message: string }> = {
  id: { title: 'Pasar sedang tutup', message: 'Order yang dikirim sekarang akan diproses saat sesi perdagangan berikutnya dibuka.' },
  en: { title: 'The market is closed', message: 'Orders placed now are processed when the next trading session opens.' },
};

const INDEX_BANNER: Record<Language, { title: string; message: string }> = {
  id: { title: 'Indeks tidak dapat diperdagangkan', message: 'Indeks menggambarkan arah pasar; pilih saham untuk bertransaksi.' },
  en: { title: 'Indices cannot be traded', message: 'An index shows where the market is heading; pick a stock to trade.' },
};

export interface MarketServiceDeps {
  readonly market: MarketRuntime;
  readonly news: NewsRepo;
  readonly usdSpreadPercent: number;
  readonly now?: () => number;
}

export type MarketService = ReturnType<typeof createMarketService>;

/** A calendar call's dates: `from` (default today) to `to` (default 30 days on), at most MAX_CALENDAR_DAYS apart. */
function dateRange(from: string | undefined, to: string | undefined, today: string): { start: string; end: string } {
  const start = from ?? today;
  const end = to ?? addDays(start, 30);
  const real = (date: string) => Number.isFinite(epochDay(date)) && addDays(date, 0) === date;
  if (!real(start) || !real(end) || end < start || epochDay(end) - epochDay(start) > MAX_CALENDAR_DAYS) {
    throw new AppError('002', { details: [{ path: 'to', message: `from ≤ to, at most ${MAX_CALENDAR_DAYS} days apart` }] });
  }
  return { start, end };
}

export function createMarketService(deps: MarketServiceDeps) {
  const { market } = deps;
  const now = deps.now ?? Date.now;
  const sim = market.simulator;

  const instrument = (symbol: string): Instrument => {
    const inst = market.instrument(symbol);
    if (!inst) throw new AppError('003');
    return inst;
  };
  const guard = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof UnknownSymbolError) throw new AppError('003');
      throw error;
    }
  };
  const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

  function statusInfo(cal: MarketCalendar, at: number): MarketStatusInfo & { tradingDate: string } {
    // Today's sessions until they are over, then the next trading day's.
    let date = cal.localDate(at);
    const last = cal.sessions(date).at(-1);
    if (!cal.isTradingDay(date) || (last && at >= last.close)) date = cal.nextTradingDay(addDays(date, 1));
    const sessions = cal.sessions(date);
    const find = (...kinds: string[]) => sessions.find((s) => kinds.includes(s.kind));
    const regular = cal.market === 'USSTOCK' ? find('REGULAR') : undefined;
    const s1 = find('SESSION_1');
    const s2 = find('SESSION_2');
    const pre = find('PRE_MARKET');
    const post = find('POST_MARKET');
    return {
      market: cal.market,
      date,
      tradingDate: date,
      marketOpenTime: iso(regular?.open ?? s1?.open),
      marketCloseTime: iso(regular?.close ?? s2?.close),
      preMarketOpenTime: iso(pre?.open),
      preMarketCloseTime: iso(pre?.close),
      postMarketOpenTime: iso(post?.open),
      postMarketCloseTime: iso(post?.close),
    };
  }

  function haltView(symbol: string, halt: HaltState | undefined, language: Language): TradingHalt {
    if (!halt) return { symbol, halted: false, reason: null, haltedAt: null };
    const reason = halt.title ? { title: halt.title, description: halt.description } : DEFAULT_HALT_MESSAGE[language];
    return { symbol, halted: true, reason, haltedAt: new Date(halt.haltedAt).toISOString() };
  }

  function idxCalendarDays(from: string, to: string) {
    const days: IdssCalendarResponse['days'] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const sessions = idxCalendar.sessions(d);
      const s1 = sessions.find((s) => s.kind === 'SESSION_1');
      const s2 = sessions.find((s) => s.kind === 'SESSION_2');
      if (s1 && s2) {
        days.push({
          date: d,
          firstOpenTime: iso(s1.open)!,
          firstCloseTime: iso(s1.close)!,
          secondOpenTime: iso(s2.open)!,
          secondCloseTime: iso(s2.close)!,
        });
      }
    }
    return days;
  }

  function mover(symbol: string, at: number): MoverEntry & { pct: number; vol: number } {
    const inst = instrument(symbol);
    const t = market.ticker(symbol, at);
    return {
      symbol,
      name: inst.name,
      icon: inst.icon,
      price: t.price,
      changePercent24h: t.changePercent24h,
      volume24h: t.volume24h,
      pct: Number(t.changePercent24h),
      vol: Number(t.volume24h) * Number(t.price),
    };
  }

  const strip = <T extends { pct: number; vol: number }>({ pct: _p, vol: _v, ...rest }: T) => rest;

  return {
    symbolInfo(): SymbolInfoResponse {
      const at = now();
      const all = market.instruments();
      const today = idxCalendar.localDate(at);
      return {
        success: true,
        crypto: all
          .filter((i) => i.kind === 'crypto')
          .map((i) => ({
            id: i.id,
            symbol: i.symbol,
            shortName: i.shortName,
            name: i.name,
            icon: i.icon,
            enableProMode: i.enableProMode,
            liquiditySource: i.liquiditySource ?? 'BINANCE',
            exchangeSymbols: i.exchangeSymbols,
            pricePrecision: i.pricePrecision,
          })),
        palnStock: all.filter((i) => i.kind === 'usstock').map((i) => ({ id: i.id, cc: i.symbol, na: i.name, ai: i.icon, ipme: i.hasPostMarket })),
        marketStatus: [statusInfo(nyseCalendar, at), statusInfo(idxCalendar, at)].map(({ tradingDate: _d, ...s }) => s),
        perp: all
          .filter((i) => i.kind === 'perps')
          .map((i) => ({ id: i.id, fps: `${i.shortName}USDT`, n: i.name, i: i.icon, pp: i.pricePrecision })),
        idssStock: all.filter((i) => i.kind === 'idx').map((i) => ({ id: i.id, code: i.symbol, name: i.name, icon: i.icon })),
        calendar: idxCalendarDays(today, addDays(today, 30)),
      };
    },

    /** IDX ticks as the band of the price now says (the one tick function). */
    instruments(assetType?: AssetType): Instrument[] {
      const at = now();
      return market
        .instruments()
        .filter((i) => !assetType || i.assetType === assetType)
        .map((i) => (i.kind === 'idx' ? idxInstrumentAt(i, Number(market.ticker(i.symbol, at).price)) : i));
    },

    instrument,

    tickers(symbols: readonly string[] | undefined, assetType: AssetType | undefined) {
      const list = symbols ? symbols.map((s) => instrument(s)) : market.instruments().filter((i) => !assetType || i.assetType === assetType);
      const at = now();
      return { items: list.slice(0, 200).map((i) => market.ticker(i.symbol, at)) };
    },

    ticker: (symbol: string) => guard(() => market.ticker(instrument(symbol).symbol, now())),

    candles(symbol: string, resolution: Parameters<MarketRuntime['candles']>[1], fromS: number, toS: number) {
      const inst = instrument(symbol);
      if (toS <= fromS) throw new AppError('002', { details: [{ path: 'to', message: 'must be after from' }] });
      const candles = market.candles(inst.symbol, resolution, fromS * 1000, toS * 1000, now());
      return { symbol: inst.symbol, resolution, candles: candles.length > MAX_CANDLES_PER_CALL ? candles.slice(-MAX_CANDLES_PER_CALL) : candles };
    },

    orderBook(symbol: string, granularity: string | undefined) {
      const listed = instrument(symbol);
      const inst = listed.kind === 'idx' ? idxInstrumentAt(listed, Number(market.ticker(listed.symbol, now()).price)) : listed;
      if (granularity !== undefined && !inst.granularities.includes(granularity)) {
        throw new AppError('002', { details: [{ path: 'granularity', message: `one of ${inst.granularities.join(', ')}` }] });
      }
      // An IDX book's levels step by the band's tick of each price whatever the granularity.
      return market.orderBook(inst.symbol, granularity && inst.kind !== 'idx' ? { granularity } : {});
    },

    trades: (symbol: string, limit: number) => market.recentTrades(instrument(symbol).symbol, limit, now()),

    priceQuote(symbol: string, side: 'BUY' | 'SELL', quantity?: string, amount?: string): PriceQuote {
      const inst = instrument(symbol);
      const book = market.orderBook(inst.symbol, { depth: 10 });
      const levels = side === 'BUY' ? book.asks : book.bids;
      const step = new Decimal(inst.quantityStep);
      const wantQty = quantity !== undefined ? new Decimal(quantity) : null;
      const wantAmt = amount !== undefined ? new Decimal(amount) : null;
      if ((wantQty && wantQty.lte(0)) || (wantAmt && wantAmt.lte(0))) {
        throw new AppError('002', { details: [{ path: quantity !== undefined ? 'quantity' : 'amount', message: 'must be positive' }] });
      }
      let qty = new Decimal(0);
      let amt = new Decimal(0);
      let worst = levels[0]?.price ?? '0';
      for (const level of levels) {
        const p = new Decimal(level.price);
        let take = new Decimal(level.quantity);
        if (wantQty) take = Decimal.min(take, wantQty.minus(qty));
        if (wantAmt) take = Decimal.min(take, wantAmt.minus(amt).div(p).div(step).floor().times(step));
        if (take.lte(0)) break;
        qty = qty.plus(take);
        amt = amt.plus(take.times(p));
        worst = level.price;
        if (wantQty && qty.gte(wantQty)) break;
      }
      const full = wantQty ? qty.gte(wantQty) : wantAmt ? wantAmt.minus(amt).lt(new Decimal(worst).times(step)) : false;
      const avg = qty.gt(0) ? amt.div(qty) : new Decimal(levels[0]?.price ?? 0);
      const best = new Decimal(levels[0]?.price ?? 0);
      const amountPlaces = inst.quoteCurrency === 'IDR' ? 0 : 2;
      return {
        symbol: inst.symbol,
        side,
        price: avg.toDecimalPlaces(inst.pricePrecision + 2).toFixed(inst.pricePrecision + 2),
        bestPrice: best.toFixed(inst.pricePrecision),
        worstPrice: worst,
        quantity: qty.toFixed(inst.quantityPrecision),
        amount: amt.toDecimalPlaces(amountPlaces, side === 'BUY' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).toFixed(amountPlaces),
        quoteCurrency: inst.quoteCurrency,
        slippagePercent: best.isZero() ? '0.00' : avg.minus(best).abs().div(best).times(100).toFixed(2),
        fullyFillable: full,
        updatedAt: book.updatedAt,
      };
    },

    description(symbol: string, language: Language): Description {
      const inst = instrument(symbol);
      const model = sim.model(inst.symbol);
      const at = now();
      const t = market.ticker(inst.symbol, at);
      const year = sim.rawCandles(inst.symbol, '1D', at - 365 * DAY_MS, at + 1, at);
      const figures: KeyFigure[] = [];
      const unit = inst.quoteCurrency;
      const fmt = (x: number) => sim.fmtPrice(inst.symbol, x);
      if (year.length > 0) {
        figures.push({ key: 'high52w', value: fmt(Math.max(...year.map((b) => b.h))), unit });
        figures.push({ key: 'low52w', value: fmt(Math.min(...year.map((b) => b.l))), unit });
        const first = year[0]!.o;
        figures.push({ key: 'change1y', value: (((Number(t.price) - first) / first) * 100).toFixed(2), unit: '%' });
      }
      figures.push({ key: 'volume24h', value: t.volume24h, unit: null });
      if (inst.kind === 'usstock' || inst.kind === 'idx') {
        const shares = model.dailyVolume * (inst.kind === 'idx' ? 900 : 350);
        figures.push({ key: 'marketCap', value: new Decimal(t.price).times(Math.round(shares)).toFixed(0), unit });
        if (model.dividend > 0) {
          figures.push({ key: 'dividendYield', value: ((model.dividend / Number(t.price)) * 100).toFixed(2), unit: '%' });
        }
        if (inst.kind === 'usstock') {
          const eps = earnings(inst.symbol, Number(t.price), new Date(at).toISOString().slice(0, 10)).filter((e) => e.actual !== null).slice(0, 4);
          const ttm = eps.reduce((a, e) => a + Number(e.actual), 0);
          if (ttm > 0) figures.push({ key: 'peRatio', value: (Number(t.price) / ttm).toFixed(2), unit: 'x' });
        }
        if (inst.lotSize) figures.push({ key: 'lotSize', value: String(inst.lotSize), unit: null });
      }
      return {
        symbol: inst.symbol,
        name: inst.name,
        kind: inst.kind,
        assetType: inst.assetType,
        description: model.description[language],
        language,
        sector: inst.sector,
        website: null,
        icon: inst.icon,
        keyFigures: figures,
      };
    },

    marketStatus(marketName: 'USSTOCK' | 'IDSS'): MarketStatusResponse {
      const cal = marketName === 'USSTOCK' ? nyseCalendar : idxCalendar;
      const at = now();
      const info = statusInfo(cal, at);
      const next = cal.nextChange(at);
      const today = cal.localDate(at);
      return {
        market: marketName,
        state: cal.state(at),
        now: new Date(at).toISOString(),
        tradingDate: info.tradingDate,
        timeZone: cal.timeZone,
        sessions: cal.sessions(info.tradingDate).map((s) => ({ kind: s.kind, open: iso(s.open)!, close: iso(s.close)! })),
        status: {
          marketOpenTime: info.marketOpenTime,
          marketCloseTime: info.marketCloseTime,
          preMarketOpenTime: info.preMarketOpenTime,
          preMarketCloseTime: info.preMarketCloseTime,
          postMarketOpenTime: info.postMarketOpenTime,
          postMarketCloseTime: info.postMarketCloseTime,
        },
        earlyClose: cal.isEarlyClose(info.tradingDate),
        holiday: cal.holidayName(today),
        nextChangeAt: iso(next?.at),
        nextState: next?.state ?? null,
      };
    },

    topMovers(assetType: AssetType, limit: number): TopMovers {
      const at = now();
      const rows = market
        .instruments()
        .filter((i) => i.assetType === assetType && i.tradable)
        .map((i) => mover(i.symbol, at));
      const by = (f: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) => [...rows].sort(f).slice(0, limit).map(strip);
      return {
        assetType,
        gainers: by((a, b) => b.pct - a.pct),
        losers: by((a, b) => a.pct - b.pct),
        mostActive: by((a, b) => b.vol - a.vol),
        updatedAt: at,
      };
    },

    usdPrice(): UsdPrice {
      const at = now();
      const quote = usdIdrQuote(sim, deps.usdSpreadPercent, at);
      return {
        pair: 'USD/IDR',
        usdIdrPrice: quote.mid.toFixed(2),
        buy: quote.buy.toFixed(0),
        sell: quote.sell.toFixed(0),
        spreadPercent: quote.spreadPercent.toFixed(2),
        updatedAt: at,
      };
    },

    async tradingHalt(symbol: string, language: Language): Promise<TradingHalt> {
      const inst = instrument(symbol);
      await market.halts.fresh();
      return haltView(inst.symbol, market.halts.get(inst.symbol), language);
    },

    async productInfo(symbol: string, language: Language): Promise<ProductInfo> {
      const inst = instrument(symbol);
      await market.halts.fresh();
      const halt = haltView(inst.symbol, market.halts.get(inst.symbol), language);
      const open = inst.tradable && !halt.halted;
      const state = market.marketState(inst.symbol, now());
      let banner: ProductInfo['bottomBannerMessage'] = null;
      if (halt.reason) banner = { title: halt.reason.title, message: halt.reason.description };
      else if (!inst.tradable) banner = INDEX_BANNER[language];
      else if (state === 'CLOSED' || state === 'BREAK') banner = CLOSED_BANNER[language];
      return {
        symbol: inst.symbol,
        tradingHaltReason: halt.reason,
        bottomBannerMessage: banner,
        enableBuy: open,
        enableSell: open,
        enableBuyForProMode: open && inst.enableProMode,
        enableSellForProMode: open && inst.enableProMode,
      };
    },

    async halt(symbol: string, reason: HaltReason | undefined): Promise<TradingHalt> {
      const inst = instrument(symbol);
      const state = await market.halts.halt(inst.symbol, reason?.title ?? '', reason?.description ?? '');
      return haltView(inst.symbol, state, 'en');
    },

    async resume(symbol: string): Promise<TradingHalt> {
      const inst = instrument(symbol);
      await market.halts.resume(inst.symbol);
      return haltView(inst.symbol, undefined, 'en');
    },

    async halts(language: Language) {
      await market.halts.refresh();
      return { items: market.halts.list().map((h) => haltView(h.symbol, h, language)) };
    },

    corporateActions(symbol: string): CorporateActionsResponse {
      const inst = instrument(symbol);
      if (inst.kind !== 'usstock') throw new AppError('003');
      const today = nyseCalendar.localDate(now());
      return { symbol: inst.symbol, items: corporateActions(inst.symbol, sim.model(inst.symbol).dividend, today) };
    },

    eps(symbol: string): EpsResponse {
      const inst = instrument(symbol);
      if (inst.kind !== 'usstock') throw new AppError('003');
      const at = now();
      const price = Number(market.ticker(inst.symbol, at).price);
      return { symbol: inst.symbol, currency: 'USD', items: earnings(inst.symbol, price, nyseCalendar.localDate(at)) };
    },

    idssList(page: number, size: number): IdssListResponse {
      const all = market.instruments().filter((i) => i.kind === 'idx');
      const at = now();
      const items = all.slice(page * size, page * size + size).map((i) => {
        const t = market.ticker(i.symbol, at);
        return {
          symbol: i.symbol,
          id: i.id,
          code: i.symbol,
          name: i.name,
          sector: i.sector,
          icon: i.icon,
          price: t.price,
          previousClose: t.open24h,
          change: t.change24h,
          changePercent: t.changePercent24h,
          volume: t.volume24h,
          lotSize: i.lotSize ?? 100,
          marketState: t.marketState,
        };
      });
      return { items, page, size, total: all.length };
    },

    idssOhlc(symbol: string): IdssOhlc {
      const inst = instrument(symbol);
      if (inst.kind !== 'idx') throw new AppError('003');
      const at = now();
      const t = market.ticker(inst.symbol, at);
      const date = sim.sessionDate(inst.symbol, at) ?? idxCalendar.localDate(at);
      const day = sim.daySummary(inst.symbol, date, at);
      const prev = Number(t.open24h);
      const band = idxBand(prev);
      const bars = sim.minuteBars(inst.symbol, date);
      let value = new Decimal(0);
      if (bars) {
        for (let i = 0; i < bars.t.length && bars.t[i]! + 60_000 <= at; i += 1) {
          value = value.plus(new Decimal(bars.v[i]!).times(Math.round((bars.o[i]! + bars.c[i]!) / 2)));
        }
      }
      return {
        symbol: inst.symbol,
        date,
        open: day ? sim.fmtPrice(inst.symbol, day.o) : t.price,
        high: t.high24h,
        low: t.low24h,
        close: t.price,
        previousClose: t.open24h,
        volume: t.volume24h,
        value: value.toFixed(0),
        araPrice: String(band.high),
        arbPrice: String(band.low),
        tickSize: String(idxTickSize(Number(t.price))),
        marketState: t.marketState,
      };
    },

    idssCalendar(from: string | undefined, to: string | undefined): IdssCalendarResponse {
      const { start, end } = dateRange(from, to, idxCalendar.localDate(now()));
      const holidays = Object.entries(IDX_HOLIDAYS)
        .filter(([d]) => d >= start && d <= end)
        .map(([date, name]) => ({ date, name }));
      return { from: start, to: end, days: idxCalendarDays(start, end), holidays };
    },

    /** Each date's status and sessions over a range, for one market or both (US first). */
    calendar(from: string | undefined, to: string | undefined, marketName: 'USSTOCK' | 'IDSS' | undefined): CalendarResponse {
      const cals = marketName === 'USSTOCK' ? [nyseCalendar] : marketName === 'IDSS' ? [idxCalendar] : [nyseCalendar, idxCalendar];
      // Today in the first market's zone (New York is behind Jakarta: both markets' today is covered).
      const { start, end } = dateRange(from, to, cals[0]!.localDate(now()));
      return {
        from: start,
        to: end,
        markets: cals.map((cal) => ({ market: cal.market, timeZone: cal.timeZone, days: calendarDays(cal, start, end) })),
      };
    },

    async news(filter: { symbol?: string; language?: Language; page: number; size: number }): Promise<NewsListResponse> {
      const symbol = filter.symbol ? instrument(filter.symbol).symbol : undefined;
      const { rows, total } = await deps.news.list({
        ...(symbol ? { symbol } : {}),
        ...(filter.language ? { language: filter.language } : {}),
        offset: filter.page * filter.size,
        limit: filter.size,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: r.summary,
          url: r.url,
          source: r.source,
          language: r.language,
          symbols: [...r.symbols],
          publishedAt: r.publishedAt.toISOString(),
        })),
        page: filter.page,
        size: filter.size,
        total,
      };
    },
  };
}
