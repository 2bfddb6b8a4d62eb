// `admin market …`: halt and resume trading in a symbol, list the halts (over HTTP to the server).
import { MARKET_PATHS, type HaltsResponse, type TradingHalt } from '@pasar/shared/contract';
import { AdminUsageError, optionValue, positionals, type AdminCommand } from '../command';

const describe = (h: TradingHalt): string =>
  h.halted ? `${h.symbol}: HALTED since ${h.haltedAt} — ${h.reason?.title ?? ''}${h.reason?.description ? ` (${h.reason.description})` : ''}` : `${h.symbol}: trading`;

const command: AdminCommand = {
  name: 'market',
  summary: 'trading halts: halt, resume, list',
  usage: [
    'admin market halt <symbol> [--reason "<title>"] [--description "<text>"]',
    'admin market resume <symbol>',
    'admin market halts',
  ].join('\n'),
  async run(args, client, out) {
    const [verb, symbol, ...rest] = positionals(args);
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
