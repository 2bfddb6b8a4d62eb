// Recent trades of a symbol, newest first: price coloured by the taker's side, size and time.
import styled from '@emotion/styled';
import { EmptyState, ErrorState, NUMBER_LOCALES, Skeleton, SR_ONLY_CLASS, tokens, useAppStore, VisuallyHidden } from '@pasar/shared';
import { memo, useMemo } from 'react';
import { useTradeT } from '../i18n';
import { formatBarePrice, formatQuantity, type PriceFormat } from '../market/price-format';
import type { Trade } from '../market/types';
import { useLiveTrades } from '../market/use-live-market';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th {
    padding: 0 ${tokens.space.xs} ${tokens.space.xs};
    color: ${tokens.colors.textMuted};
    font-family: ${tokens.fonts.body};
    font-size: ${tokens.fontSizes.xs};
    font-weight: ${tokens.fontWeights.regular};
    text-align: right;
  }
  td {
    padding: 2px ${tokens.space.xs};
    text-align: right;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
  }
  td[data-side='BUY'] {
    color: ${tokens.colors.buyText};
  }
  td[data-side='SELL'] {
    color: ${tokens.colors.sellText};
  }
`;

// A streamed trade keeps its object from update to update (mergeTrades), so a memoised row renders
// once: a new trade costs one row, not thirty.
const TradeRow = memo(function TradeRow({
  trade,
  format,
  quantityDigits,
  time,
  sideLabel,
}: {
  trade: Trade;
  format: PriceFormat;
  quantityDigits: number;
  time: Intl.DateTimeFormat;
  sideLabel: string;
}) {
  return (
    <tr>
      <td data-side={trade.side}>
        {formatBarePrice(trade.price, format)}
        <VisuallyHidden> {sideLabel}</VisuallyHidden>
      </td>
      <td>{formatQuantity(trade.quantity, format.lng, quantityDigits)}</td>
      <td>{time.format(trade.t)}</td>
    </tr>
  );
});

export const RecentTrades = memo(function RecentTrades({ symbol, format, quantityDigits }: { symbol: string; format: PriceFormat; quantityDigits: number }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const trades = useLiveTrades(symbol, 30);
  const time = useMemo(
    () => new Intl.DateTimeFormat(NUMBER_LOCALES[lng], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }),
    [lng],
  );

  const buy = t('trades.buy');
  const sell = t('trades.sell');

  if (trades.error && !trades.data) return <ErrorState compact headingLevel={3} title={t('trades.error')} onRetry={trades.retry} />;
  if (!trades.data) return <Skeleton lines={8} />;
  if (!trades.data.length) return <EmptyState compact headingLevel={3} title={t('trades.empty')} />;
  return (
    <Table data-testid="recent-trades">
      <caption className={SR_ONLY_CLASS}>{t('trades.caption', { symbol })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('trades.price', { currency: format.currency })}</th>
          <th scope="col">{t('trades.quantity')}</th>
          <th scope="col">{t('trades.time')}</th>
        </tr>
      </thead>
      <tbody>
        {trades.data.map((trade) => (
          <TradeRow key={trade.id} trade={trade} format={format} quantityDigits={quantityDigits} time={time} sideLabel={trade.side === 'BUY' ? buy : sell} />
        ))}
      </tbody>
    </Table>
  );
});
