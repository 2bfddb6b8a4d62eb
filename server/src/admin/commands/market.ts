// `admin market …`: placeholder until the market module's operator routes land.
import { AdminUsageError, type AdminCommand } from '../command';

const command: AdminCommand = {
  name: 'market',
  summary: 'market operator actions',
  usage: 'admin market <verb> …',
  async run() {
    throw new AdminUsageError('no market actions yet');
  },
};

export default command;
