// A profit or loss: green or red, and never colour alone — the figure carries its sign, an arrow
// shows the direction, and screen readers hear "gain" or "loss". A US figure is in dollars, with
// its Rupiah equivalent beside it when given.
import styled from '@emotion/styled';
import { tokens, VisuallyHidden, type CurrencyCode } from '@pasar/shared';
import { usePortfolioT } from '../i18n';
import { signOf, useFormat } from './money';

const Root = styled.span<{ $sign: -1 | 0 | 1 }>`
  font-variant-numeric: tabular-nums;
  font-weight: ${tokens.fontWeights.semibold};
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

/** The amount and the percent each stay whole; on a narrow screen the percent goes to the next line. */
const Piece = styled.span`
  white-space: nowrap;
`;

const Equivalent = styled.span`
  display: block;
  font-weight: ${tokens.fontWeights.regular};
  font-size: ${tokens.fontSizes.sm};
  white-space: nowrap;
`;

const ARROWS = { 1: '▲', 0: '', [-1]: '▼' } as const;

export interface PnlProps {
  /** Signed, in `currency` (Rupiah unless told). */
  amount: string;
  currency?: CurrencyCode;
  /** Percent, signed, 2 decimals. */
  percent?: string;
  /** The Rupiah equivalent of a USD amount, signed. */
  idr?: string;
  testId?: string;
}

export function Pnl({ amount, currency = 'IDR', percent, idr, testId }: PnlProps) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const sign = signOf(amount);
  return (
    <Root $sign={sign} data-testid={testId} data-sign={sign}>
      <Piece>
        {sign !== 0 && <span aria-hidden="true">{ARROWS[sign]} </span>}
        {f.signed(amount, currency)}
      </Piece>
      {percent !== undefined && (
        <>
          {' '}
          <Piece>({f.percent(percent)})</Piece>
        </>
      )}
      {sign !== 0 && <VisuallyHidden> {sign > 0 ? t('pnl.gain') : t('pnl.loss')}</VisuallyHidden>}
      {idr !== undefined && <Equivalent data-testid={testId ? `${testId}-idr` : undefined}>≈ {f.signedIdr(idr)}</Equivalent>}
    </Root>
  );
}
