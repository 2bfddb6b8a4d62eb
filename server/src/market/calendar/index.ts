// Market calendars: which days a market trades, its sessions on a day (as instants), the state
// at an instant and when that state next changes. Crypto and perps trade around the clock.
import type { MarketState, SessionKindName } from '@pasar/shared/contract';
import { IDX_HOLIDAYS } from './idx-holidays';
import { nyseYear } from './nyse';
import { addDays, DAY_MS, dateOfEpochDay, weekday, weekdayOfEpochDay, zonedDate, zonedTime } from './time';

export interface Session {
  readonly kind: SessionKindName;
  /** Epoch ms, inclusive. */
  readonly open: number;
  /** Epoch ms, exclusive. */
  readonly close: number;
  /** Continuous trading happens in it (the simulator moves prices and prints trades). */
  readonly trading: boolean;
}

export interface MarketCalendar {
  readonly market: 'USSTOCK' | 'IDSS';
  readonly timeZone: string;
  /** The exchange's local date of an instant. */
  localDate(at: number): string;
  isTradingDay(date: string): boolean;
  /** isTradingDay of an epoch day number (no date string for a weekend). */
  isTradingEpochDay(day: number): boolean;
  holidayName(date: string): string | null;
  isEarlyClose(date: string): boolean;
  /** Sessions of a local date in time order; empty when the market does not trade. */
  sessions(date: string): readonly Session[];
  state(at: number): MarketState;
  /** The next instant the state changes after `at`, with the state it changes to. */
  nextChange(at: number): { at: number; state: MarketState } | null;
  /** The trading day on or after a date. */
  nextTradingDay(date: string): string;
  /** The trading day strictly before a date. */
  previousTradingDay(date: string): string;
}

type Spec = readonly { kind: SessionKindName; open: string; close: string; trading: boolean }[];

abstract class BaseCalendar implements MarketCalendar {
  abstract readonly market: 'USSTOCK' | 'IDSS';
  abstract readonly timeZone: string;
  protected abstract daySpec(date: string): Spec;
  abstract holidayName(date: string): string | null;
  abstract isEarlyClose(date: string): boolean;
  private readonly sessionCache = new Map<string, readonly Session[]>();

  localDate(at: number): string {
    return zonedDate(at, this.timeZone);
  }

  isTradingDay(date: string): boolean {
    const wd = weekday(date);
    return wd !== 0 && wd !== 6 && this.holidayName(date) === null;
  }

  isTradingEpochDay(day: number): boolean {
    const wd = weekdayOfEpochDay(day);
    return wd !== 0 && wd !== 6 && this.holidayName(dateOfEpochDay(day)) === null;
  }

  sessions(date: string): readonly Session[] {
    const hit = this.sessionCache.get(date);
    if (hit) return hit;
    const out = this.isTradingDay(date)
      ? this.daySpec(date).map((s) => ({
          kind: s.kind,
          open: zonedTime(date, s.open, this.timeZone),
          close: zonedTime(date, s.close, this.timeZone),
          trading: s.trading,
        }))
      : [];
    if (this.sessionCache.size > 5000) this.sessionCache.clear();
    this.sessionCache.set(date, out);
    return out;
  }

  state(at: number): MarketState {
    const sessions = this.sessions(this.localDate(at));
    for (const s of sessions) if (at >= s.open && at < s.close) return stateOf(s.kind);
    const regular = sessions.filter((s) => s.kind === 'SESSION_1' || s.kind === 'SESSION_2');
    if (regular.length === 2 && at >= regular[0]!.close && at < regular[1]!.open) return 'BREAK';
    return 'CLOSED';
  }

  nextChange(at: number): { at: number; state: MarketState } | null {
    const current = this.state(at);
    let date = this.localDate(at);
    for (let i = 0; i < 15; i += 1, date = addDays(date, 1)) {
      const boundaries = this.sessions(date).flatMap((s) => [s.open, s.close]).sort((a, b) => a - b);
      for (const b of boundaries) {
        if (b <= at) continue;
        const next = this.state(b);
        if (next !== current) return { at: b, state: next };
      }
    }
    return null;
  }

  nextTradingDay(date: string): string {
    let d = date;
    for (let i = 0; i < 30 && !this.isTradingDay(d); i += 1) d = addDays(d, 1);
    return d;
  }

  previousTradingDay(date: string): string {
    let d = addDays(date, -1);
    for (let i = 0; i < 30 && !this.isTradingDay(d); i += 1) d = addDays(d, -1);
    return d;
  }
}

function stateOf(kind: SessionKindName): MarketState {
  switch (kind) {
    case 'PRE_MARKET':
      return 'PRE_MARKET';
    case 'POST_MARKET':
      return 'POST_MARKET';
    default:
      return 'OPEN';
  }
}

/** NYSE in New York time: pre-market 04:00–09:30, regular 09:30–16:00, post-market 16:00–20:00. */
export class NyseCalendar extends BaseCalendar {
  readonly market = 'USSTOCK' as const;
  readonly timeZone = 'America/New_York';
  holidayName(date: string): string | null {
    return nyseYear(Number(date.slice(0, 4))).holidays.get(date) ?? null;
  }
  isEarlyClose(date: string): boolean {
    return nyseYear(Number(date.slice(0, 4))).earlyCloses.has(date);
  }
  protected daySpec(date: string): Spec {
    const early = this.isEarlyClose(date);
    return [
      { kind: 'PRE_MARKET', open: '04:00', close: '09:30', trading: true },
      { kind: 'REGULAR', open: '09:30', close: early ? '13:00' : '16:00', trading: true },
      { kind: 'POST_MARKET', open: early ? '13:00' : '16:00', close: early ? '17:00' : '20:00', trading: true },
    ];
  }
}

/**
 * IDX in Jakarta time (WIB): pre-opening 08:45–09:00, session I 09:00–12:00 (Friday 11:30),
 * session II 13:30 (Friday 14:00) to 15:50 (continuous trading through 15:49), pre-closing
 * 15:50–16:00. Pre-opening and pre-closing are call auctions: no continuous trades.
 */
export class IdxCalendar extends BaseCalendar {
  readonly market = 'IDSS' as const;
  readonly timeZone = 'Asia/Jakarta';
  holidayName(date: string): string | null {
    return IDX_HOLIDAYS[date] ?? null;
  }
  isEarlyClose(): boolean {
    return false;
  }
  protected daySpec(date: string): Spec {
    const friday = weekday(date) === 5;
    return [
      { kind: 'PRE_MARKET', open: '08:45', close: '09:00', trading: false },
      { kind: 'SESSION_1', open: '09:00', close: friday ? '11:30' : '12:00', trading: true },
      { kind: 'SESSION_2', open: friday ? '14:00' : '13:30', close: '15:50', trading: true },
      { kind: 'POST_MARKET', open: '15:50', close: '16:00', trading: false },
    ];
  }
}

export const nyseCalendar = new NyseCalendar();
export const idxCalendar = new IdxCalendar();
export { DAY_MS };
