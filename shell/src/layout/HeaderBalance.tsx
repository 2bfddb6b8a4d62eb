// The signed-in person's IDR cash (the shown total of §3) in the header, linking to /balance: a
// skeleton while it loads, nothing for a guest or on a guest-mode page (§6: no balance calls
// there, so no number to show). Below the md breakpoint the header is full, so the amount moves
// into the menu, beside its Saldo entry. Either way the link is named "Saldo" and the amount is
// its description.
import styled from '@emotion/styled';
import { useId } from 'react';
import {
  breakpoints,
  formatCurrency,
  Link,
  Skeleton,
  tokens,
  useAppStore,
  VisuallyHidden,
  type AppState,
} from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { usePrefixedNavigation } from '../routes/ShellRouter';
import { useMediaQuery } from './use-media-query';

/** The balance page (owned by mf-wallet). */
export const BALANCE_PATH = '/balance';

/** Where the header has no room for the balance: it is shown in the menu instead. */
export const MENU_BALANCE_QUERY = `(max-width: ${breakpoints.md - 0.02}px)`;

export type BalancePlacement = 'header' | 'menu' | null;

const showsBalance = (s: AppState): boolean => s.auth.accessToken !== null && !s.guestMode;
const isLoading = (s: AppState): boolean => s.trading.idrBalance === null;

/** Where the balance shows now: in the header, in the menu, or nowhere. */
export function useBalancePlacement(): BalancePlacement {
  const shown = useAppStore(showsBalance);
  const narrow = useMediaQuery(MENU_BALANCE_QUERY);
  if (!shown) return null;
  return narrow ? 'menu' : 'header';
}

/** Whether the amount is still loading (the link says it is busy). */
export const useBalanceLoading = (): boolean => useAppStore(isLoading);

const Amount = styled.span`
  color: ${tokens.colors.text};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** The formatted amount (or a skeleton and a spoken "loading"), with the id the link points at. */
export function BalanceAmount({ id }: { id: string }) {
  const t = useShellT();
  const { language } = usePrefixedNavigation();
  const value = useAppStore((s) => s.trading.idrBalance);
  if (value === null) {
    return (
      <>
        <Skeleton width="9ch" height="1em" />
        <VisuallyHidden id={id}>{t('headerBalance.loading')}</VisuallyHidden>
      </>
    );
  }
  return (
    <Amount id={id} data-testid="balance-amount">
      {formatCurrency(value, 'IDR', language)}
    </Amount>
  );
}

const BalanceLink = styled(Link)`
  display: inline-flex;
  flex: none;
  flex-direction: column;
  justify-content: center;
  min-width: 9ch;
  min-height: 40px;
  padding: 0 ${tokens.space.xs};
  border-radius: ${tokens.radii.md};
  line-height: ${tokens.lineHeights.tight};
  text-decoration: none;
  &:hover {
    background: ${tokens.colors.surfaceSunken};
  }
`;

const Label = styled.span`
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
`;

export function HeaderBalance() {
  const t = useShellT();
  const placement = useBalancePlacement();
  const loading = useBalanceLoading();
  const amountId = useId();
  if (placement !== 'header') return null;
  return (
    <BalanceLink
      to={BALANCE_PATH}
      aria-label={t('headerBalance.label')}
      aria-describedby={amountId}
      aria-busy={loading || undefined}
      data-testid="header-balance"
    >
      <Label aria-hidden="true">{t('headerBalance.label')}</Label>
      <BalanceAmount id={amountId} />
    </BalanceLink>
  );
}
