// The person's net worth over time: the daily values the server records after each WIB midnight
// and today's value now, for 1W, 1M, 3M, YTD, 1Y or all. A line, labelled with the same words the
// card shows: the first and last values and the change with its sign and the word gain or loss.
// Loaded on its own chunk when the portfolio shows it.
import styled from '@emotion/styled';
import { api, Card, EmptyState, PORTFOLIO_PATHS, Stack, tokens, useApiData, VALUE_HISTORY_RANGES, type ValueHistoryRange, type ValueHistoryResponse } from '@pasar/shared';
import { useState } from 'react';
import { LineChart } from '../charts/LineChart';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted } from '../components/ResponsiveTable';
import { Loading, LoadFailed } from '../components/states';
import { ToggleGroup } from '../components/ToggleGroup';
import { usePortfolioT } from '../i18n';
import { registerChartTranslations } from '../i18n/charts-i18n';

registerChartTranslations();

const Ends = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${tokens.space.md};
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
`;

export function ValueHistoryCard({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const [range, setRange] = useState<ValueHistoryRange>('1M');
  const history = useApiData(() => api.get<ValueHistoryResponse>(PORTFOLIO_PATHS.valueHistory, { params: { range }, language: true }), [range, reloadKey]);
  const data = history.data;
  const rangeName = t(`valueHistory.rangeLong.${range}`);
  return (
    <Card title={t('valueHistory.title')}>
      <Stack gap="md">
        <ToggleGroup
          label={t('valueHistory.ranges')}
          options={VALUE_HISTORY_RANGES.map((r) => ({ value: r, text: t(`valueHistory.range.${r}`), name: t(`valueHistory.rangeLong.${r}`) }))}
          value={range}
          onChange={setRange}
          testIdPrefix="range"
        />
        {history.error ? (
          <LoadFailed error={history.error} onRetry={() => void history.reload()} />
        ) : !data || history.loading ? (
          <Loading lines={4} />
        ) : data.points.length < 2 ? (
          <EmptyState title={t('valueHistory.emptyTitle')} description={t('valueHistory.emptyBody')} />
        ) : (
          <>
            <LineChart
              values={data.points.map((p) => Number(p.valueIdr))}
              rising={!data.change || !data.change.valueIdr.startsWith('-')}
              label={t('valueHistory.chart', {
                range: rangeName,
                first: f.idr(data.points[0]!.valueIdr),
                from: f.date(data.points[0]!.day),
                last: f.idr(data.points[data.points.length - 1]!.valueIdr),
                to: f.date(data.points[data.points.length - 1]!.day),
              })}
            />
            <Ends aria-hidden="true">
              <span>
                {f.date(data.points[0]!.day)} · {f.idr(data.points[0]!.valueIdr)}
              </span>
              <span>
                {f.date(data.points[data.points.length - 1]!.day)} · {f.idr(data.points[data.points.length - 1]!.valueIdr)}
              </span>
            </Ends>
            {data.change && (
              <div>
                <Muted>{t('valueHistory.change', { range: rangeName })}</Muted>{' '}
                <Pnl amount={data.change.valueIdr} percent={data.change.percent} testId="value-history-change" />
              </div>
            )}
          </>
        )}
        <Muted>{t('valueHistory.note')}</Muted>
      </Stack>
    </Card>
  );
}

export default ValueHistoryCard;
