// Indonesian stock (IDX) holdings in Rupiah: per stock the lots and shares (what open sells leave
// available), the average cost with the buy fees in it, the last price, the market value and the
// unrealized P&L; under them the unsettled sale proceeds with their T+2 settlement dates. Hidden
// while nothing is held and nothing is unsettled. Its strings are registered with it.
import {
  api,
  Card,
  registerTranslations,
  Stack,
  useApiData,
  type IdxPositionResponse,
  type IdxWalletResponse,
} from '@pasar/shared';
import { IDX_PATHS } from '@pasar/shared/contract/idx-paths';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { PORTFOLIO_NAMESPACE, usePortfolioT } from '../i18n';

registerTranslations(PORTFOLIO_NAMESPACE, {
  id: {
    idxHoldings: {
      title: 'Saham Indonesia',
      stock: 'Saham',
      lots: 'Lot',
      averageCost: 'Harga rata-rata (termasuk biaya)',
      lastPrice: 'Harga terakhir',
      value: 'Nilai pasar',
      pnl: 'Untung/rugi',
      unsettled: 'Hasil penjualan belum diselesaikan: {{amount}}',
      settlesOn: '{{amount}} cair {{date}}',
    },
  },
  en: {
    idxHoldings: {
      title: 'Indonesian stocks',
      stock: 'Stock',
      lots: 'Lots',
      averageCost: 'Average cost (fees included)',
      lastPrice: 'Last price',
      value: 'Market value',
      pnl: 'Unrealized P&L',
      unsettled: 'Unsettled sale proceeds: {{amount}}',
      settlesOn: '{{amount}} settles {{date}}',
    },
  },
});

const dateOf = (date: string, lng: string) =>
  new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : 'id-ID', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

export function IdxHoldingsCard() {
  const { t, i18n } = usePortfolioT();
  const f = useFormat();
  const position = useApiData(() => api.get<IdxPositionResponse>(IDX_PATHS.userPosition, { language: true }));
  const wallet = useApiData(() => api.get<IdxWalletResponse>(IDX_PATHS.wallet, { language: true }));
  const items = position.data?.items ?? [];
  const unsettled = wallet.data && /[1-9]/.test(wallet.data.unsettled) ? wallet.data : null;
  if (items.length === 0 && !unsettled) return null;
  return (
    <Card title={t('idxHoldings.title')} data-testid="idx-holdings-card">
      <Stack gap="md">
        {items.length > 0 && (
          <ResponsiveTable data-testid="idx-holdings">
            <thead>
              <tr>
                <th scope="col">{t('idxHoldings.stock')}</th>
                <th scope="col">{t('idxHoldings.lots')}</th>
                <th scope="col">{t('idxHoldings.averageCost')}</th>
                <th scope="col">{t('idxHoldings.lastPrice')}</th>
                <th scope="col">{t('idxHoldings.value')}</th>
                <th scope="col">{t('idxHoldings.pnl')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((h) => (
                <tr key={h.symbol} data-testid={`idx-holding-${h.symbol}`}>
                  <td data-label="">
                    <Stack gap="xs">
                      <strong>{h.symbol}</strong>
                      <Muted>{h.name}</Muted>
                    </Stack>
                  </td>
                  <td data-label={t('idxHoldings.lots')} data-testid="idx-holding-lots">
                    {`${h.lots} lot (${h.quantity})`}
                  </td>
                  <td data-label={t('idxHoldings.averageCost')} data-testid="idx-holding-average-cost">
                    {f.idr(h.averageCost)}
                  </td>
                  <td data-label={t('idxHoldings.lastPrice')}>{f.idr(h.lastPrice)}</td>
                  <td data-label={t('idxHoldings.value')} data-testid="idx-holding-value">
                    {f.idr(h.marketValue)}
                  </td>
                  <td data-label={t('idxHoldings.pnl')}>
                    <Pnl amount={h.unrealizedPnl} currency="IDR" percent={h.unrealizedPnlPercent} testId="idx-holding-pnl" />
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        )}
        {unsettled && (
          <Stack gap="xs" data-testid="idx-unsettled">
            <strong>{t('idxHoldings.unsettled', { amount: f.idr(unsettled.unsettled) })}</strong>
            {unsettled.unsettledByDate.map((row) => (
              <Muted key={row.settlementDate}>{t('idxHoldings.settlesOn', { amount: f.idr(row.amount), date: dateOf(row.settlementDate, i18n.language) })}</Muted>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
