// Holdings by the wallet holding them: the US stock wallet (PALN) with its shares, the 2x and 4x
// wallets with their CFD profit or loss, and the perpetuals margin wallet with its positions, each
// in its own currency with the Rupiah beside it. Loaded on its own chunk with the chart cards.
import { api, Card, PORTFOLIO_PATHS, Stack, useApiData, type PocketHoldingsResponse } from '@pasar/shared';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { Loading, LoadFailed } from '../components/states';
import { usePortfolioT } from '../i18n';
import { registerChartTranslations } from '../i18n/charts-i18n';

registerChartTranslations();

export function PocketsCard({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const pockets = useApiData(() => api.get<PocketHoldingsResponse>(PORTFOLIO_PATHS.pocketHoldings, { language: true }), [reloadKey]);
  return (
    <Card title={t('pockets.title')}>
      {pockets.error ? (
        <LoadFailed error={pockets.error} onRetry={() => void pockets.reload()} />
      ) : !pockets.data ? (
        <Loading lines={4} />
      ) : (
        <Stack gap="sm">
          <ResponsiveTable data-testid="pockets">
            <thead>
              <tr>
                <th scope="col">{t('pockets.wallet')}</th>
                <th scope="col">{t('pockets.cash')}</th>
                <th scope="col">{t('pockets.holdings')}</th>
                <th scope="col">{t('pockets.value')}</th>
              </tr>
            </thead>
            <tbody>
              {pockets.data.pockets.map((p) => (
                <tr key={p.pocket} data-testid={`pocket-${p.pocket}`}>
                  <td data-label="">{t(`pockets.names.${p.pocket}`)}</td>
                  <td data-label={t('pockets.cash')}>{f.money(p.cash, p.currency)}</td>
                  <td data-label={t('pockets.holdings')}>
                    {p.holdings.length === 0 ? (
                      <Muted>{t('pockets.none')}</Muted>
                    ) : (
                      <Stack gap="xs">
                        {p.holdings.map((h) => (
                          <span key={h.symbol}>
                            {h.symbol} · {f.quantity(h.quantity)} · {f.money(h.value, p.currency)} <Pnl amount={h.unrealizedPnl} currency={p.currency} />
                          </span>
                        ))}
                      </Stack>
                    )}
                  </td>
                  <td data-label={t('pockets.value')}>
                    {f.money(p.value, p.currency)}
                    <Muted> ≈ {f.idr(p.valueIdr)}</Muted>
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        </Stack>
      )}
    </Card>
  );
}

export default PocketsCard;
