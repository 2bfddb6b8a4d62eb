// English strings of the `portfolio` namespace.
import type { PortfolioMessages } from './id';

export const en: PortfolioMessages = {
  nav: { portfolio: 'Portfolio' },
  page: {
    title: 'Portfolio',
    description: 'An overview of everything you hold, across every market.',
    emptyTitle: 'No holdings yet',
    emptyBody: 'The crypto and stocks you buy will show up here.',
    startTrading: 'Start trading',
  },
};
