// `admin user …`: operator changes to a user account (tags such as PRO_USER, the pro-user check).
import { ACCOUNT_PATHS, type AdminUserTagResponse } from '@pasar/shared/contract';
import { AdminUsageError, hasFlag, positionals, type AdminCommand } from '../command';

const USAGE = [
  'usage: pnpm --filter @pasar/server admin user <verb> …',
  '',
  '  admin user tag <phone> <TAG> [--remove]    add (or remove) a tag, e.g. PRO_USER',
].join('\n');

const command: AdminCommand = {
  name: 'user',
  summary: 'user accounts: tags (PRO_USER)',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, phone, tag, ...extra] = positionals(args, ['remove']);
    if (verb !== 'tag') throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    if (!phone || !tag) throw new AdminUsageError('tag needs a phone number and a tag');
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    const result = await client.post<AdminUserTagResponse>(ACCOUNT_PATHS.adminUserTag, {
      phone,
      tag: tag.toUpperCase(),
      ...(hasFlag(args, 'remove') ? { remove: true } : {}),
    });
    out(`${result.phone}: tags ${result.tags.length > 0 ? result.tags.join(', ') : '(none)'}`);
  },
};

export default command;
