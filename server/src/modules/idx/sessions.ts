// IDX sessions and what they allow (Jakarta time, the IDX calendar with its holidays; decision
// 0019). Pure: every function takes the instant.
//
// - Orders are taken in the pre-opening call auction (08:45–09:00), session I, session II and
//   the pre-closing call auction (15:50–16:00); at the lunch break, after the close, before the
//   pre-opening, on weekends and on holidays they are refused (3904).
// - Orders match continuously in sessions I and II only. An order placed in a call auction rests
//   until the auction's one price is struck (auction.ts) or the next continuous session.
// - A market order is a limit at the best opposite price within the day's band, executed at once:
//   only in sessions I and II (3906 in the auctions).
// - A day order (GOOD_TILL_MARKET_CLOSE) expires at the end of the pre-closing auction (16:00) of
//   the trading day it was placed for; GOOD_TILL_CANCEL stays until cancelled.
import type { IdxSession, TimeInForce } from '@pasar/shared/contract';
import { idxCalendar, type MarketCalendar } from '../../market/calendar';
import { addDays } from '../../market/calendar/time';

export interface IdxSessionNow {
  readonly session: IdxSession;
  readonly nextChangeAt: number | null;
  readonly nextSession: IdxSession | null;
}

/** The phase at `at`. */
export function idxSessionAt(at: number, calendar: MarketCalendar = idxCalendar): IdxSession {
  const sessions = calendar.sessions(calendar.localDate(at));
  for (const s of sessions) {
    if (at >= s.open && at < s.close) {
      if (s.kind === 'PRE_MARKET') return 'PRE_OPENING';
      if (s.kind === 'POST_MARKET') return 'PRE_CLOSING';
      return s.kind === 'SESSION_1' ? 'SESSION_1' : 'SESSION_2';
    }
  }
  const s1 = sessions.find((s) => s.kind === 'SESSION_1');
  const s2 = sessions.find((s) => s.kind === 'SESSION_2');
  if (s1 && s2 && at >= s1.close && at < s2.open) return 'LUNCH_BREAK';
  return 'CLOSED';
}

/** Every instant the phase may change on a date (sessions' opens and closes). */
function boundaries(date: string, calendar: MarketCalendar): number[] {
  return calendar
    .sessions(date)
    .flatMap((s) => [s.open, s.close])
    .sort((a, b) => a - b);
}

/** The phase at `at` and the next instant it changes. */
export function idxSessionNow(at: number, calendar: MarketCalendar = idxCalendar): IdxSessionNow {
  const session = idxSessionAt(at, calendar);
  let date = calendar.localDate(at);
  for (let i = 0; i < 20; i += 1, date = addDays(date, 1)) {
    for (const b of boundaries(date, calendar)) {
      if (b <= at) continue;
      const next = idxSessionAt(b, calendar);
      if (next !== session) return { session, nextChangeAt: b, nextSession: next };
    }
  }
  return { session, nextChangeAt: null, nextSession: null };
}

export const acceptsOrders = (session: IdxSession): boolean => session !== 'LUNCH_BREAK' && session !== 'CLOSED';
export const isContinuous = (session: IdxSession): boolean => session === 'SESSION_1' || session === 'SESSION_2';
export const isAuction = (session: IdxSession): boolean => session === 'PRE_OPENING' || session === 'PRE_CLOSING';

/** The trading day an order placed at `at` is for: today until its close, else the next trading day. */
export function tradingDayOf(at: number, calendar: MarketCalendar = idxCalendar): string {
  const today = calendar.localDate(at);
  const sessions = calendar.sessions(today);
  const last = sessions[sessions.length - 1];
  if (last && at < last.close) return today;
  return calendar.nextTradingDay(addDays(today, 1));
}

/**
 * The call auction due to be uncrossed at `at` (decision 0018): the pre-opening once its collection
 * has ended (09:00) and until session I closes; the pre-closing once it has ended (16:00) and until
 * the end of that Jakarta date. Keyed `<date>:<phase>`. Null otherwise (no auction ended today).
 */
export function auctionDueAt(at: number, calendar: MarketCalendar = idxCalendar): { key: string; endedAt: number } | null {
  const date = calendar.localDate(at);
  const sessions = calendar.sessions(date);
  const pre = sessions.find((s) => s.kind === 'PRE_MARKET');
  const s1 = sessions.find((s) => s.kind === 'SESSION_1');
  const post = sessions.find((s) => s.kind === 'POST_MARKET');
  if (post && at >= post.close) return { key: `${date}:PRE_CLOSING`, endedAt: post.close };
  if (pre && s1 && at >= pre.close && at < s1.close) return { key: `${date}:PRE_OPENING`, endedAt: pre.close };
  return null;
}

/**
 * The trade date of a fill at `at`: the Jakarta date on a trading day (a pre-closing auction
 * uncrossed after 16:00 trades on its own day), else the next trading day.
 */
export function fillTradeDateOf(at: number, calendar: MarketCalendar = idxCalendar): string {
  const today = calendar.localDate(at);
  return calendar.sessions(today).length > 0 ? today : tradingDayOf(at, calendar);
}

/** T+2: the second IDX trading day after a trade date (weekends and holidays skipped). */
export function settlementDate(tradeDate: string, calendar: MarketCalendar = idxCalendar, days = 2): string {
  let d = tradeDate;
  for (let i = 0; i < days; i += 1) d = calendar.nextTradingDay(addDays(d, 1));
  return d;
}

/** When an order placed at `now` expires (epoch ms): a day order at its trading day's close; null for GOOD_TILL_CANCEL. */
export function idxExpiryOf(timeInForce: TimeInForce, now: number, calendar: MarketCalendar = idxCalendar): number | null {
  if (timeInForce !== 'GOOD_TILL_MARKET_CLOSE') return null;
  const sessions = calendar.sessions(tradingDayOf(now, calendar));
  return sessions[sessions.length - 1]?.close ?? null;
}
