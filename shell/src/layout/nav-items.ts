// The primary navigation: a static list in the shell's own namespace, so it works even while a
// remote is down (its page shows the unavailable panel; the way there stays).
import type { ShellKey } from '../i18n/shell-i18n';

export interface NavLinkItem {
  labelKey: ShellKey;
  /** Unprefixed; the router adds the current prefix. */
  path: string;
  /** Other path prefixes the entry is current for (the trade entry covers asset pages). */
  alsoCurrentFor?: readonly string[];
}

export interface NavGroupItem {
  labelKey: ShellKey;
  items: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isNavGroup = (item: NavItem): item is NavGroupItem => 'items' in item;

export const PRIMARY_NAV: readonly NavItem[] = [
  { labelKey: 'nav.trade', path: '/trade', alsoCurrentFor: ['/asset'] },
  { labelKey: 'nav.portfolio', path: '/portfolio' },
  { labelKey: 'nav.balance', path: '/balance' },
  {
    labelKey: 'nav.reports',
    items: [
      { labelKey: 'nav.transactionHistory', path: '/transaction-history' },
      { labelKey: 'nav.taxReports', path: '/tax-reports' },
    ],
  },
  { labelKey: 'nav.account', path: '/account' },
];

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** Whether a link is the current section for an unprefixed path. */
export const isCurrentSection = (item: NavLinkItem, path: string): boolean =>
  [item.path, ...(item.alsoCurrentFor ?? [])].some((prefix) => isUnder(path, prefix));
