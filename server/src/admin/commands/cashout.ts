// `admin cashout …`: the operator's review of cashouts above the automatic-approval amount, over the
// wallet module's /api/admin/cashout routes. Approving pays (the held funds go to the bank payout);
// rejecting releases the hold back to the user's cash.
import { WALLET_PATHS, type AdminCashoutPending, type Cashout } from '@pasar/shared/contract';
import { AdminUsageError, optionValue, positionals, type AdminCommand } from '../command';

const USAGE = [
  'usage: pnpm --filter @pasar/server admin cashout <verb> …',
  '',
  '  admin cashout list                          cashouts waiting for review, oldest first',
  '  admin cashout approve <id>                  approve and pay it',
  '  admin cashout reject <id> --reason "…"      reject it; the held money returns to the user',
].join('\n');

const line = (c: Pick<Cashout, 'id' | 'status' | 'amount' | 'fee' | 'bankAccount'>): string =>
  `${c.id}  ${c.status.padEnd(14)}  Rp${c.amount} (fee ${c.fee})  ${c.bankAccount.bankName} ${c.bankAccount.maskedAccountNumber}  ${c.bankAccount.holderName}`;

const command: AdminCommand = {
  name: 'cashout',
  summary: 'review cashouts: list, approve, reject',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, id, ...extra] = positionals(args);
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    if (verb === 'list') {
      if (id) throw new AdminUsageError('list takes no id');
      const { items } = await client.get<AdminCashoutPending>(WALLET_PATHS.adminCashoutPending);
      if (items.length === 0) {
        out('no cashouts waiting');
        return;
      }
      for (const item of items) out(`${line(item)}  ${item.phone}  ${item.createdAt}`);
      return;
    }
    if (verb !== 'approve' && verb !== 'reject') throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    if (!id) throw new AdminUsageError(`${verb} needs a cashout id`);
    if (verb === 'approve') {
      out(line(await client.post<Cashout>(WALLET_PATHS.adminCashoutApprove, { id })));
      return;
    }
    const reason = optionValue(args, 'reason')?.trim();
    if (!reason) throw new AdminUsageError('reject needs --reason "…"');
    out(`${line(await client.post<Cashout>(WALLET_PATHS.adminCashoutReject, { id, reason }))}  (${reason})`);
  },
};

export default command;
