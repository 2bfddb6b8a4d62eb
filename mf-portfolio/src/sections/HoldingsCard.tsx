// The crypto holdings: per pair the quantity (and what open sell orders leave available), the
// average cost, the market price and value, and the P&L unrealized (with %) and realized.
import { Card, EmptyState, Stack, type CryptoHolding } from '@pasar/shared';
import { AssetName } from '../components/AssetName';
import { HoldingsHead, QuantityCell } from '../components/HoldingCells';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { usePortfolioT } from '../i18n';

export function HoldingsCard({ items }: { items: readonly CryptoHolding[] }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  return (
    <Card title={t('holdings.title')}>
      {items.length === 0 ? (
        <EmptyState compact headingLevel={3} title={t('holdings.emptyTitle')} description={t('holdings.emptyBody')} />
      ) : (
        <Stack gap="md">
          <ResponsiveTable data-testid="holdings">
            <HoldingsHead asset={t('holdings.asset')} quantity={t('holdings.quantity')} />
            <tbody>
              {items.map((h) => (
                <tr key={h.symbol} data-testid={`holding-${h.symbol}`}>
                  <td data-label="">
                    <AssetName symbol={h.symbol} label={h.asset} category="CRYPTO" />
                  </td>
                  <QuantityCell label={t('holdings.quantity')} quantity={h.quantity} available={h.available} />
                  <td data-label={t('holdings.averageCost')} data-testid="holding-average-cost">
                    {f.idrExact(h.averageCost)}
                  </td>
                  <td data-label={t('holdings.marketPrice')}>{f.idrExact(h.marketPrice)}</td>
                  <td data-label={t('holdings.marketValue')} data-testid="holding-market-value">
                    {f.idr(h.marketValue)}
                  </td>
                  <td data-label={t('holdings.unrealizedPnl')}>
                    <Pnl amount={h.unrealizedPnl} percent={h.unrealizedPnlPercent} testId="holding-unrealized" />
                  </td>
                  <td data-label={t('holdings.realizedPnl')}>
                    <Pnl amount={h.realizedPnl} testId="holding-realized" />
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
          <Muted>{t('holdings.priceNote')}</Muted>
        </Stack>
      )}
    </Card>
  );
}
