// `admin market …`: halt and resume trading in a symbol, list the halts; steer a symbol's simulated
// price (development and tests only) (over HTTP to the server).
import { MARKET_PATHS, MAX_STEER_SECONDS, type HaltsResponse, type MarketSteer, type TradingHalt } from '@pasar/shared/contract';
import { AdminUsageError, hasFlag, optionValue, positionals, type AdminCommand } from '../command';

const describe = (h: TradingHalt): string =>
  h.halted ? `${h.symbol}: HALTED since ${h.haltedAt} — ${h.reason?.title ?? ''}${h.reason?.description ? ` (${h.reason.description})` : ''}` : `${h.symbol}: trading`;

const describeSteer = (s: MarketSteer): string =>
  s.steered ? `${s.symbol}: steered to ${s.price} ${s.until ? `until ${s.until}` : 'until cleared'}` : `${s.symbol}: not steered`;

const command: AdminCommand = {
  name: 'market',
  summary: 'trading halts: halt, resume, list; steer a simulated price (development)',
  usage: [
    'admin market halt <symbol> [--reason "<title>"] [--description "<text>"]',
    'admin market resume <symbol>',
    'admin market halts',
    'admin market steer <symbol> --price <price> [--for <seconds>]   (development and tests only)',
    'admin market steer <symbol> --clear',
  ].join('\n'),
  async run(args, client, out) {
    const [verb, symbol, ...rest] = positionals(args, ['clear']);
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

export default command;
