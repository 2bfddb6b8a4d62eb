// The overview totals: what everything is worth now (Rupiah shown + on hold + holdings at market),
// what the holdings cost, and the P&L not yet and already realized.
import styled from '@emotion/styled';
import { Card, media, Stack, tokens, type PortfolioOverview } from '@pasar/shared';
import { Figures } from '../components/Figures';
import { signOf, useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted } from '../components/ResponsiveTable';
import { usePortfolioT } from '../i18n';

const Total = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.xxl};
  font-weight: ${tokens.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  ${media.md} {
    font-size: ${tokens.fontSizes.xxxl};
  }
`;

export function OverviewCard({ data }: { data: PortfolioOverview }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const onHold = signOf(data.cashOnHold) !== 0;
  return (
    <Card title={t('overview.title')}>
      <Stack gap="md">
        <div>
          <Muted>{t('overview.totalValue')}</Muted>
          <Total data-testid="total-value">{f.idr(data.totalValue)}</Total>
        </div>
        <Figures
          label={t('overview.title')}
          items={[
            { label: t('overview.cash'), value: f.idr(data.cash), testId: 'overview-cash' },
            onHold && { label: t('overview.cashOnHold'), value: f.idr(data.cashOnHold), testId: 'overview-on-hold' },
            { label: t('overview.investedValue'), value: f.idr(data.investedValue), testId: 'overview-invested' },
            { label: t('overview.costBasis'), value: f.idr(data.costBasis), testId: 'overview-cost' },
            { label: t('overview.unrealizedPnl'), value: <Pnl amount={data.unrealizedPnl} percent={data.unrealizedPnlPercent} testId="overview-unrealized" /> },
            { label: t('overview.realizedPnl'), value: <Pnl amount={data.realizedPnl} testId="overview-realized" /> },
          ]}
        />
        {onHold && <Muted>{t('overview.cashOnHoldNote')}</Muted>}
        <Muted>{t('page.updatedAt', { time: f.dateTime(new Date(data.updatedAt).toISOString()) })}</Muted>
      </Stack>
    </Card>
  );
}
