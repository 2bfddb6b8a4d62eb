// `admin operators …`: named operators, each with a token of their own. Adding and revoking needs
// the bootstrap token (ADMIN_TOKEN or <DATA_DIR>/admin-token); the new token is printed once.
import { AdminUsageError, positionals, type AdminCommand } from '../command';
import { OPERATOR_PATHS, type OperatorAdded, type OperatorList, type OperatorView } from '@pasar/shared/contract';

const USAGE = [
  'usage: pnpm --filter @pasar/server admin operators <verb> …',
  '',
  '  admin operators add <name>       a named operator; prints their token once (bootstrap token only)',
  '  admin operators list             operators, active and revoked',
  '  admin operators revoke <name>    the token stops working at once (bootstrap token only)',
  '',
  'An operator uses their token as ADMIN_OPERATOR_TOKEN; each action is recorded under their name.',
].join('\n');

const line = (o: OperatorView): string =>
  `${o.name.padEnd(20)} added ${o.createdAt} by ${o.createdBy}${o.revokedAt ? `  REVOKED ${o.revokedAt} by ${o.revokedBy ?? '?'}` : ''}`;

const command: AdminCommand = {
  name: 'operators',
  summary: 'named operators and their tokens: add, list, revoke',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, name, ...extra] = positionals(args);
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    switch (verb) {
      case 'list': {
        if (name) throw new AdminUsageError('list takes no name');
        const { items } = await client.get<OperatorList>(OPERATOR_PATHS.operators);
        if (items.length === 0) out('no named operators yet (admin operators add <name>)');
        for (const item of items) out(line(item));
        return;
      }
      case 'add': {
        if (!name) throw new AdminUsageError('add needs a name');
        const added = await client.post<OperatorAdded>(OPERATOR_PATHS.operators, { name });
        out(`operator ${added.name} added; their token (shown only now, keep it secret):`);
        out(added.token);
        return;
      }
      case 'revoke': {
        if (!name) throw new AdminUsageError('revoke needs a name');
        const revoked = await client.post<OperatorView>(OPERATOR_PATHS.revoke, { name });
        out(line(revoked));
        return;
      }
      default:
        throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    }
  },
};

export default command;
