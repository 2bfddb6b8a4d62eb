// `admin market …`: halt and resume trading in a symbol, list the halts; steer a symbol's simulated
// price and set the market clock (development and tests only) (over HTTP to the server).
import {
  MARKET_PATHS,
  MAX_STEER_SECONDS,
  type HaltsResponse,
  type MarketClockView,
  type MarketSteer,
  type TradingHalt,
} from '@pasar/shared/contract';
import { AdminUsageError, hasFlag, optionValue, positionals, type AdminCommand } from '../command';

const describe = (h: TradingHalt): string =>
  h.halted ? `${h.symbol}: HALTED since ${h.haltedAt} — ${h.reason?.title ?? ''}${h.reason?.description ? ` (${h.reason.description})` : ''}` : `${h.symbol}: trading`;

const describeSteer = (s: MarketSteer): string =>
  s.steered ? `${s.symbol}: steered to ${s.price} ${s.until ? `until ${s.until}` : 'until cleared'}` : `${s.symbol}: not steered`;

const describeClock = (c: MarketClockView): string =>
  c.set ? `market clock: ${c.now} (set to ${c.at}${c.frozen ? ', frozen' : ', running'})` : `market clock: ${c.now} (the wall clock)`;

/** An ISO 8601 instant with its offset: the market's time zones differ, so the offset is required. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const command: AdminCommand = {
  name: 'market',
  summary: 'trading halts: halt, resume, list; steer a simulated price, set the market clock (development)',
  usage: [
    'admin market halt <symbol> [--reason "<title>"] [--description "<text>"]',
    'admin market resume <symbol>',
    'admin market halts',
    'admin market steer <symbol> --price <price> [--for <seconds>] --reason "…"   (development and tests only)',
    'admin market steer <symbol> --clear',
    'admin market clock set <instant, e.g. 2026-11-27T12:59:00-05:00> [--frozen]   (development and tests only)',
    'admin market clock show',
    'admin market clock clear',
  ].join('\n'),
  async run(args, client, out) {
    const [verb, symbol, ...rest] = positionals(args, ['clear', 'frozen']);
    if (verb === 'clock') {
      await clock(symbol, rest, hasFlag(args, 'frozen'), client, out);
      return;
    }
    if (rest.length > 0) throw new AdminUsageError(`unexpected argument ${rest[0]}`);
    switch (verb) {
      case 'halt': {
        if (!symbol) throw new AdminUsageError('which symbol?');
        const title = optionValue(args, 'reason');
        const description = optionValue(args, 'description') ?? '';
        const body = { symbol: symbol.toUpperCase(), ...(title ? { reason: { title, description } } : {}) };
        out(describe(await client.post<TradingHalt>(MARKET_PATHS.adminHalt, body)));
        return;
      }
      case 'resume': {
        if (!symbol) throw new AdminUsageError('which symbol?');
        out(describe(await client.post<TradingHalt>(MARKET_PATHS.adminResume, { symbol: symbol.toUpperCase() })));
        return;
      }
      case 'steer': {
        if (!symbol) throw new AdminUsageError('which symbol?');
        const price = optionValue(args, 'price');
        const seconds = optionValue(args, 'for');
        if (hasFlag(args, 'clear')) {
          if (price !== undefined || seconds !== undefined) throw new AdminUsageError('--clear takes no --price or --for');
          out(describeSteer(await client.post<MarketSteer>(MARKET_PATHS.adminSteer, { symbol: symbol.toUpperCase(), clear: true })));
          return;
        }
        if (!price || !/^\d+(\.\d+)?$/.test(price)) throw new AdminUsageError('--price <positive decimal> or --clear');
        let durationSeconds: number | undefined;
        if (seconds !== undefined) {
          durationSeconds = Number(seconds);
          if (!Number.isInteger(durationSeconds) || durationSeconds < 1 || durationSeconds > MAX_STEER_SECONDS) {
            throw new AdminUsageError(`--for takes whole seconds, 1 to ${MAX_STEER_SECONDS}`);
          }
        }
        if (!optionValue(args, 'reason')?.trim()) throw new AdminUsageError('steering a price needs --reason "…" (recorded in the audit trail)');
        const body = { symbol: symbol.toUpperCase(), price, ...(durationSeconds !== undefined ? { durationSeconds } : {}) };
        out(describeSteer(await client.post<MarketSteer>(MARKET_PATHS.adminSteer, body)));
        return;
      }
      case 'halts': {
        const { items } = await client.get<HaltsResponse>(MARKET_PATHS.adminHalts);
        if (items.length === 0) out('no symbol is halted');
        for (const h of items) out(describe(h));
        return;
      }
      default:
        throw new AdminUsageError(verb ? `unknown verb ${verb}` : 'which verb?');
    }
  },
};

async function clock(
  action: string | undefined,
  rest: readonly string[],
  frozen: boolean,
  client: Parameters<AdminCommand['run']>[1],
  out: (line: string) => void,
): Promise<void> {
  const [instant, ...extra] = rest;
  if (extra.length > 0 || (action !== 'set' && instant !== undefined)) throw new AdminUsageError(`unexpected argument ${extra[0] ?? instant}`);
  if (frozen && action !== 'set') throw new AdminUsageError('--frozen goes with clock set');
  switch (action) {
    case 'set':
      if (!instant || !INSTANT.test(instant) || !Number.isFinite(Date.parse(instant))) {
        throw new AdminUsageError('clock set <instant with its offset, e.g. 2026-11-27T12:59:00-05:00> [--frozen]');
      }
      out(describeClock(await client.post<MarketClockView>(MARKET_PATHS.adminClock, { at: instant, ...(frozen ? { frozen: true } : {}) })));
      return;
    case 'show':
      out(describeClock(await client.get<MarketClockView>(MARKET_PATHS.adminClock)));
      return;
    case 'clear':
      out(describeClock(await client.post<MarketClockView>(MARKET_PATHS.adminClock, { clear: true })));
      return;
    default:
      throw new AdminUsageError(action ? `unknown clock verb ${action}: set, show or clear` : 'clock set, show or clear?');
  }
}

export default command;
