// English strings of the `reports` namespace.
import type { ReportsMessages } from './id';

export const en: ReportsMessages = {
  nav: { reports: 'Reports' },
  links: { label: 'Reports' },
  transactionHistory: {
    title: 'Transaction history',
    description: 'All your orders, deposits and withdrawals, newest first.',
    emptyTitle: 'No transactions yet',
    emptyBody: 'Your transactions will show up here after your first order.',
  },
  taxReports: {
    title: 'Tax reports',
    description: 'Yearly reports to help you file your tax return.',
    emptyTitle: 'No tax reports yet',
    emptyBody: 'A tax report becomes available once you have transactions in a tax year.',
  },
};
