// The overview totals in Rupiah: what everything is worth now (the server's one figure, the balance
// page's total too: every wallet and every market's holdings, with the parts it counts), what the holdings cost, and the P&L not yet
// and already realized; then each market on its own, US stocks in dollars beside their Rupiah.
import styled from '@emotion/styled';
import { Card, media, Stack, tokens, useAppStore, type PortfolioMarketTotals, type PortfolioOverview } from '@pasar/shared';
import { NET_WORTH_LABEL, netWorthPartName } from '@pasar/shared/net-worth-text';
import { Figures } from '../components/Figures';
import { signOf, useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
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

const Heading = styled.h3`
  margin: 0;
  font-size: ${tokens.fontSizes.md};
`;

const DayChange = styled.p`
  margin: ${tokens.space.xs} 0 0;
`;

const Equivalent = styled.small`
  display: block;
  color: ${tokens.colors.textMuted};
  font-weight: ${tokens.fontWeights.regular};
`;

export function OverviewCard({ data }: { data: PortfolioOverview }) {
  const { t } = usePortfolioT();
  const lng = useAppStore((state) => state.language);
  const f = useFormat();
  const onHold = signOf(data.cashOnHold) !== 0;
  const hasUsd = signOf(data.usdCash) !== 0;
  const usesRate = hasUsd || data.markets.some((m) => m.currency === 'USD' && (signOf(m.investedValue) !== 0 || signOf(m.realizedPnl ?? '0') !== 0));
  return (
    <Card title={t('overview.title')}>
      <Stack gap="md">
        <div>
          <Muted>{t('overview.totalValue')}</Muted>
          <Total data-testid="total-value">{f.idr(data.totalValue)}</Total>
          {signOf(data.totalValueUsd) !== 0 && <Equivalent data-testid="total-value-usd">{t('overview.totalUsd', { value: f.usd(data.totalValueUsd) })}</Equivalent>}
          {data.dayChange && (
            <DayChange>
              <Muted>{t('overview.dayChange', { day: f.date(data.dayChange.since) })}</Muted>{' '}
              <Pnl amount={data.dayChange.valueIdr} percent={data.dayChange.percent} testId="overview-day-change" />
              <Equivalent>{t('overview.dayChangeNote')}</Equivalent>
            </DayChange>
          )}
        </div>
        <Figures
          label={NET_WORTH_LABEL[lng]}
          items={data.netWorth.parts
            .filter((part) => signOf(part.valueIdr) !== 0)
            .map((part) => ({ label: netWorthPartName(lng, part.key), value: f.idr(part.valueIdr), testId: `worth-${part.key}` }))}
        />
        <Figures
          label={t('overview.title')}
          items={[
            { label: t('overview.cash'), value: f.idr(data.cash), testId: 'overview-cash' },
            onHold && { label: t('overview.cashOnHold'), value: f.idr(data.cashOnHold), testId: 'overview-on-hold' },
            hasUsd && {
              label: t('overview.usdCash'),
              value: (
                <>
                  {f.usd(data.usdCash)}
                  <Equivalent>≈ {f.idr(data.usdCashIdr)}</Equivalent>
                </>
              ),
              testId: 'overview-usd-cash',
            },
            { label: t('overview.investedValue'), value: f.idr(data.investedValue), testId: 'overview-invested' },
            { label: t('overview.costBasis'), value: f.idr(data.costBasis), testId: 'overview-cost' },
            { label: t('overview.unrealizedPnl'), value: <Pnl amount={data.unrealizedPnl} percent={data.unrealizedPnlPercent} testId="overview-unrealized" /> },
            { label: t('overview.realizedPnl'), value: <Pnl amount={data.realizedPnl} testId="overview-realized" /> },
          ]}
        />
        {onHold && <Muted>{t('overview.cashOnHoldNote')}</Muted>}
        {data.markets.length > 0 && <MarketTotals markets={data.markets.filter(shown)} />}
        {usesRate && (
          <Muted data-testid="overview-rate-note">
            {t('overview.rateNote', { rate: f.idrExact(data.usdIdr.rate), time: f.dateTime(new Date(data.usdIdr.at).toISOString()) })}
          </Muted>
        )}
        <Muted>{t('page.updatedAt', { time: f.dateTime(new Date(data.updatedAt).toISOString()) })}</Muted>
      </Stack>
    </Card>
  );
}

/** Crypto and US stocks always; the other markets once something is in them or was realized there. */
const shown = (m: PortfolioMarketTotals): boolean =>
  m.assetType === 'CRYPTO' || m.assetType === 'USSTOCK' || signOf(m.investedValue) !== 0 || signOf(m.costBasis) !== 0 || signOf(m.realizedPnl ?? '0') !== 0;

function MarketTotals({ markets }: { markets: readonly PortfolioMarketTotals[] }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  return (
    <Stack gap="sm">
      <Heading>{t('overview.byMarket')}</Heading>
      <ResponsiveTable data-testid="overview-markets">
        <thead>
          <tr>
            <th scope="col">{t('overview.market')}</th>
            <th scope="col">{t('overview.investedValue')}</th>
            <th scope="col">{t('overview.unrealizedPnl')}</th>
            <th scope="col">{t('overview.realizedPnl')}</th>
          </tr>
        </thead>
        <tbody>
          {markets.map((m) => {
            const foreign = m.currency !== 'IDR';
            return (
              <tr key={m.assetType} data-testid={`overview-market-${m.assetType}`}>
                <td data-label="">{t(`markets.${m.assetType}`)}</td>
                <td data-label={t('overview.investedValue')} data-testid="market-value">
                  {foreign ? (
                    <span>
                      {f.money(m.investedValue, m.currency)}
                      <Equivalent>≈ {f.idr(m.idr.investedValue)}</Equivalent>
                    </span>
                  ) : (
                    f.idr(m.investedValue)
                  )}
                </td>
                <td data-label={t('overview.unrealizedPnl')}>
                  <Pnl
                    amount={m.unrealizedPnl}
                    currency={m.currency}
                    percent={m.unrealizedPnlPercent}
                    idr={foreign ? m.idr.unrealizedPnl : undefined}
                    testId="market-unrealized"
                  />
                </td>
                <td data-label={t('overview.realizedPnl')}>
                  {m.realizedPnl === null ? (
                    <Muted data-testid="market-realized">{t('overview.notAvailable')}</Muted>
                  ) : (
                    <Pnl amount={m.realizedPnl} currency={m.currency} idr={foreign && m.idr.realizedPnl !== null ? m.idr.realizedPnl : undefined} testId="market-realized" />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ResponsiveTable>
    </Stack>
  );
}
