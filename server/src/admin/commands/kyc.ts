// `admin kyc …`: placeholder until the kyc module's operator routes land.
import { AdminUsageError, type AdminCommand } from '../command';

const command: AdminCommand = {
  name: 'kyc',
  summary: 'kyc operator actions',
  usage: 'admin kyc <verb> …',
  async run() {
    throw new AdminUsageError('no kyc actions yet');
  },
};

export default command;
