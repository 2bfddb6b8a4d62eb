// One transaction with the ledger entries behind it: the person's accounts and the house's side
// (fees, taxes, inventory), each with its signed amount, and the person's balance after it.
import styled from '@emotion/styled';
import { Button, Card, ErrorState, Skeleton, api, formatDateTime, isApiError, media, tokens, useApiData, type Language } from '@pasar/shared';
import { createReportsClient } from '@pasar/shared/reports-client';
import { useReportsT } from '../i18n';
import { plainAmount, signedAmount } from './money-text';

const reports = createReportsClient(api);

const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${tokens.space.xs} ${tokens.space.md};
  margin: 0 0 ${tokens.space.lg};
  font-size: ${tokens.fontSizes.sm};
  dt {
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Legs = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${tokens.space.xs};
    border-bottom: 1px solid ${tokens.colors.border};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    color: ${tokens.colors.textMuted};
    font-weight: ${tokens.fontWeights.medium};
  }
  .optional {
    display: none;
  }
  ${media.sm} {
    .optional {
      display: table-cell;
    }
  }
`;

const Caption = styled.h3`
  margin: 0 0 ${tokens.space.sm};
  font-size: ${tokens.fontSizes.md};
`;

export interface TransactionDetailViewProps {
  readonly id: string;
  readonly onBack: () => void;
}

export function TransactionDetailView({ id, onBack }: TransactionDetailViewProps) {
  const { t, i18n } = useReportsT();
  const language = (i18n.language === 'en' ? 'en' : 'id') as Language;
  const detail = useApiData(() => reports.transaction(id), [id]);
  const back = (
    <Button variant="secondary" size="sm" onClick={onBack}>
      {t('transactionHistory.detail.back')}
    </Button>
  );
  const wallet = (code: string) => t(`transactionHistory.wallets.${code}`, { defaultValue: code });

  return (
    <Card title={t('transactionHistory.detail.title')} actions={back}>
      {detail.loading && (
        <div role="status" aria-busy="true" aria-label={t('transactionHistory.detail.loading')}>
          <Skeleton lines={4} />
        </div>
      )}
      {!detail.loading && detail.error !== null && (
        <ErrorState
          compact
          headingLevel={3}
          title={t('transactionHistory.detail.loadFailed')}
          description={isApiError(detail.error) ? detail.error.message : undefined}
          onRetry={() => void detail.reload()}
        />
      )}
      {!detail.loading && detail.data && (
        <>
          <Summary>
            <dt>{t('transactionHistory.columns.time')}</dt>
            <dd>{formatDateTime(detail.data.createdAt, language)}</dd>
            <dt>{t('transactionHistory.columns.product')}</dt>
            <dd>{t(`transactionHistory.products.${detail.data.product}`)}</dd>
            <dt>{t('transactionHistory.columns.type')}</dt>
            <dd>{t(`transactionHistory.types.${detail.data.type}`)}</dd>
            <dt>{t('transactionHistory.columns.symbol')}</dt>
            <dd>{detail.data.symbol ?? t('transactionHistory.none')}</dd>
            <dt>{t('transactionHistory.columns.status')}</dt>
            <dd>{t(`transactionHistory.statuses.${detail.data.status}`)}</dd>
            <dt>{t('transactionHistory.detail.reference')}</dt>
            <dd>{detail.data.id}</dd>
          </Summary>
          <Caption>{t('transactionHistory.detail.legs')}</Caption>
          {detail.data.legs.length === 0 ? (
            <p>{t('transactionHistory.detail.noLegs')}</p>
          ) : (
            <Legs>
              <thead>
                <tr>
                  <th scope="col">{t('transactionHistory.detail.owner')}</th>
                  <th scope="col">{t('transactionHistory.detail.account')}</th>
                  <th scope="col">{t('transactionHistory.detail.amount')}</th>
                  <th scope="col" className="optional">
                    {t('transactionHistory.detail.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.data.legs.map((leg, index) => (
                  <tr key={`${leg.account}:${leg.currency}:${index}`} data-testid="ledger-leg">
                    <td>{t(leg.owner === 'YOU' ? 'transactionHistory.detail.you' : 'transactionHistory.detail.house')}</td>
                    <td>{wallet(leg.account)}</td>
                    <td>{signedAmount(leg.amount, leg.currency, language)}</td>
                    <td className="optional">{leg.balanceAfter === null ? t('transactionHistory.none') : plainAmount(leg.balanceAfter, leg.currency, language)}</td>
                  </tr>
                ))}
              </tbody>
            </Legs>
          )}
        </>
      )}
    </Card>
  );
}
