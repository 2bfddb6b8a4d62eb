// Where the total is: by market (the parts of the one total) or by asset (each coin, ticker and
// stock, with Rupiah, dollars and USDT), as a donut and a table beside it. The table holds every
// figure (name with its colour swatch, value, share), so nothing is told by colour alone; the
// donut draws the positive slices. Loaded on its own chunk when the portfolio shows it.
import styled from '@emotion/styled';
import { Card, media, Stack, tokens, useAppStore, type AllocationSlice, type PortfolioOverview } from '@pasar/shared';
import { netWorthPartName } from '@pasar/shared/net-worth-text';
import { useState } from 'react';
import { colourOf, Donut } from '../charts/Donut';
import { useFormat } from '../components/money';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { ToggleGroup } from '../components/ToggleGroup';
import { usePortfolioT } from '../i18n';
import { registerChartTranslations } from '../i18n/charts-i18n';

registerChartTranslations();

type View = 'byMarket' | 'byAsset';
const VIEWS: readonly View[] = ['byMarket', 'byAsset'];

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space.lg};
  align-items: center;
  justify-items: center;
  ${media.md} {
    grid-template-columns: auto minmax(0, 1fr);
    justify-items: stretch;
  }
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 0.8em;
  height: 0.8em;
  margin-right: ${tokens.space.xs};
  border-radius: 2px;
  background: ${({ $colour }) => $colour};
  vertical-align: baseline;
`;

export function AllocationCard({ allocation }: { allocation: PortfolioOverview['allocation'] }) {
  const { t } = usePortfolioT();
  const lng = useAppStore((state) => state.language);
  const f = useFormat();
  const [view, setView] = useState<View>('byMarket');
  const slices = allocation[view];
  const nameOf = (slice: AllocationSlice): string => {
    if (view === 'byMarket') return netWorthPartName(lng, slice.key);
    const assets: Record<string, string> = { IDR: t('allocation.assets.IDR'), USD: t('allocation.assets.USD'), USDT: t('allocation.assets.USDT') };
    return assets[slice.key] ?? slice.key;
  };
  const drawn = slices.filter((s) => Number(s.percent) > 0);
  const label = t('allocation.chart', { view: t(`allocation.${view}`), slices: drawn.map((s) => `${nameOf(s)} ${f.share(s.percent)}`).join(', ') });
  return (
    <Card title={t('allocation.title')}>
      <Stack gap="md">
        <ToggleGroup label={t('allocation.view')} options={VIEWS.map((v) => ({ value: v, text: t(`allocation.${v}`) }))} value={view} onChange={setView} testIdPrefix="allocation" />
        {slices.length === 0 ? (
          <Muted>{t('allocation.empty')}</Muted>
        ) : (
          <Layout>
            <Donut slices={drawn.map((s) => ({ key: s.key, percent: Number(s.percent) }))} label={label} />
            <ResponsiveTable data-testid="allocation-table">
              <thead>
                <tr>
                  <th scope="col">{t('allocation.name')}</th>
                  <th scope="col">{t('allocation.value')}</th>
                  <th scope="col">{t('allocation.share')}</th>
                </tr>
              </thead>
              <tbody>
                {slices.map((s) => {
                  const index = drawn.findIndex((d) => d.key === s.key);
                  return (
                    <tr key={s.key} data-testid={`allocation-row-${s.key}`}>
                      <td data-label="">
                        {index >= 0 && <Swatch $colour={colourOf(index)} aria-hidden="true" />}
                        {nameOf(s)}
                      </td>
                      <td data-label={t('allocation.value')}>{f.idr(s.valueIdr)}</td>
                      <td data-label={t('allocation.share')}>{f.share(s.percent)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </ResponsiveTable>
          </Layout>
        )}
        {drawn.length < slices.length && <Muted>{t('allocation.negativeNote')}</Muted>}
      </Stack>
    </Card>
  );
}

export default AllocationCard;
