// What every market's holdings table shares: the column heads, and the quantity cell (with what
// open sell orders leave available when that differs).
import { compareDecimal } from '@pasar/shared';
import { usePortfolioT } from '../i18n';
import { useFormat } from './money';
import { Muted } from './ResponsiveTable';

export function HoldingsHead({ asset, quantity }: { asset: string; quantity: string }) {
  const { t } = usePortfolioT();
  return (
    <thead>
      <tr>
        <th scope="col">{asset}</th>
        <th scope="col">{quantity}</th>
        <th scope="col">{t('holdings.averageCost')}</th>
        <th scope="col">{t('holdings.marketPrice')}</th>
        <th scope="col">{t('holdings.marketValue')}</th>
        <th scope="col">{t('holdings.unrealizedPnl')}</th>
        <th scope="col">{t('holdings.realizedPnl')}</th>
      </tr>
    </thead>
  );
}

export function QuantityCell({ label, quantity, available }: { label: string; quantity: string; available: string }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  return (
    <td data-label={label}>
      <span>
        <span data-testid="holding-quantity">{f.quantity(quantity)}</span>
        {compareDecimal(available, quantity) !== 0 && <Muted>{t('holdings.available', { quantity: f.quantity(available) })}</Muted>}
      </span>
    </td>
  );
}
