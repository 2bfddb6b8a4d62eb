// `admin suggestions …`: the assets people asked for (the watchlist module's asset suggestions).
import { WATCHLIST_PATHS, type AdminAssetSuggestionsResponse } from '@pasar/shared/contract';
import { AdminUsageError, positionals, type AdminCommand } from '../command';

const USAGE = ['usage: pnpm --filter @pasar/server admin suggestions list', '', '  admin suggestions list    asset suggestions, newest first, with how many asked for the same name'].join('\n');

const command: AdminCommand = {
  name: 'suggestions',
  summary: 'asset suggestions people sent: list',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, ...extra] = positionals(args);
    if (verb !== 'list') throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    const { items } = await client.get<AdminAssetSuggestionsResponse>(WATCHLIST_PATHS.adminAssetSuggestions);
    if (items.length === 0) {
      out('no suggestions');
      return;
    }
    for (const s of items) {
      out(`${s.createdAt}  ${(s.assetType ?? '-').padEnd(8)} ${s.name}  (asked by ${s.askers})${s.note ? `  — ${s.note}` : ''}`);
    }
  },
};

export default command;
