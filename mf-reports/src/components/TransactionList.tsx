// The history's rows: on a phone each row is a stacked card, from the md breakpoint one line of
// columns. A row opens its details (the ledger legs behind it).
import styled from '@emotion/styled';
import { formatDateTime, media, tokens, type Language, type TransactionRow } from '@pasar/shared';
import { useReportsT } from '../i18n';
import { plainAmount, signedAmount } from './money-text';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Columns = styled.div`
  display: none;
  ${media.md} {
    display: grid;
    grid-template-columns: 1.2fr 1fr 1.2fr 1fr 1.6fr 1.2fr 0.8fr;
    gap: ${tokens.space.sm};
    padding: 0 ${tokens.space.sm} ${tokens.space.xs};
    border-bottom: 1px solid ${tokens.colors.border};
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
  }
`;

const RowButton = styled.button`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${tokens.space.xxs} ${tokens.space.sm};
  width: 100%;
  padding: ${tokens.space.sm};
  border: 0;
  border-bottom: 1px solid ${tokens.colors.border};
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  text-align: left;
  cursor: pointer;
  overflow-wrap: anywhere;
  &:hover,
  &:focus-visible {
    background: ${tokens.colors.surfaceSunken};
  }
  ${media.md} {
    grid-template-columns: 1.2fr 1fr 1.2fr 1fr 1.6fr 1.2fr 0.8fr;
    align-items: start;
  }
`;

const Cell = styled.span<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
  ${media.md} {
    grid-column: auto;
  }
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
`;

const Muted = styled.span`
  color: ${tokens.colors.textMuted};
`;

export interface TransactionListProps {
  readonly rows: readonly TransactionRow[];
  readonly onOpen: (id: string) => void;
}

export function TransactionList({ rows, onOpen }: TransactionListProps) {
  const { t, i18n } = useReportsT();
  const language = (i18n.language === 'en' ? 'en' : 'id') as Language;
  const columns = ['time', 'product', 'type', 'symbol', 'amounts', 'charges', 'status'] as const;
  return (
    <>
      <Columns aria-hidden="true">
        {columns.map((column) => (
          <span key={column}>{t(`transactionHistory.columns.${column}`)}</span>
        ))}
      </Columns>
      <List>
        {rows.map((row) => {
          const charges = [
            ...row.fees.map((c) => t('transactionHistory.fee', { amount: plainAmount(c.amount, c.currency, language) })),
            ...row.taxes.map((c) => t('transactionHistory.tax', { amount: plainAmount(c.amount, c.currency, language) })),
          ];
          const type = t(`transactionHistory.types.${row.type}`);
          return (
            <li key={row.id}>
              <RowButton type="button" onClick={() => onOpen(row.id)} aria-label={`${t('transactionHistory.open')}: ${type} ${row.symbol ?? ''} ${formatDateTime(row.createdAt, language)}`} data-testid="transaction-row">
                <Cell>
                  <Muted>{formatDateTime(row.createdAt, language)}</Muted>
                </Cell>
                <Cell>{t(`transactionHistory.products.${row.product}`)}</Cell>
                <Cell>
                  <strong>{type}</strong>
                </Cell>
                <Cell>{row.symbol ?? t('transactionHistory.none')}</Cell>
                <Cell $wide>
                  <Lines>
                    {row.amounts.map((a) => (
                      <span key={`${a.currency}:${a.wallet}`}>
                        {signedAmount(a.amount, a.currency, language)} <Muted>· {t(`transactionHistory.wallets.${a.wallet}`, { defaultValue: a.wallet })}</Muted>
                      </span>
                    ))}
                  </Lines>
                </Cell>
                <Cell>
                  <Lines>{charges.length > 0 ? charges.map((text) => <span key={text}>{text}</span>) : <Muted>{t('transactionHistory.none')}</Muted>}</Lines>
                </Cell>
                <Cell>{t(`transactionHistory.statuses.${row.status}`)}</Cell>
              </RowButton>
            </li>
          );
        })}
      </List>
    </>
  );
}
