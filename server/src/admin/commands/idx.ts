// `admin idx settle`: runs the IDX T+2 settlement now (due sale proceeds from unsettled to cash;
// it also runs on a schedule, and each sale settles once however often it runs).
import { IDX_PATHS, type IdxSettlementRunResponse } from '@pasar/shared/contract';
import { AdminUsageError, positionals, type AdminCommand } from '../command';

const command: AdminCommand = {
  name: 'idx',
  summary: 'Indonesian stocks: run the T+2 settlement now',
  usage: 'admin idx settle',
  async run(args, client, out) {
    const [verb, ...rest] = positionals(args, []);
    if (verb !== 'settle') throw new AdminUsageError('usage: admin idx settle');
    if (rest.length > 0) throw new AdminUsageError(`unexpected argument ${rest[0]}`);
    const run = await client.post<IdxSettlementRunResponse>(IDX_PATHS.adminSettlementRun, {});
    out(`idx settlement ${run.date}: ${run.settled} sale(s) settled, Rp${run.amount} moved to cash`);
  },
};

export default command;
