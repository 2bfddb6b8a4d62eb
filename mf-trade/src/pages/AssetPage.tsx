// Asset pages (§2): /asset/{crypto|usstock|usindex}/{symbol}/{assetId}.
import styled from '@emotion/styled';
import { ButtonLink, Card, classifySymbol, EmptyState, Page, PageHeader, toIdrSymbol, tokens, useParams } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { tradeHomeFor } from '../markets/trade-market';

export type AssetKind = 'crypto' | 'usstock' | 'usindex';

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs} ${tokens.space.sm};
  margin: 0 0 ${tokens.space.lg};
  color: ${tokens.colors.textMuted};
  dd {
    margin: 0;
    font-family: ${tokens.fonts.mono};
    color: ${tokens.colors.text};
    overflow-wrap: anywhere;
  }
`;

/** The trade home for an asset: crypto trades IDR-quoted (§1); indices are not tradable. */
function tradeSymbolOf(kind: AssetKind, symbol: string): string | null {
  if (kind === 'usindex') return null;
  if (kind === 'crypto' && classifySymbol(symbol) === 'crypto') return toIdrSymbol(symbol);
  return symbol.toUpperCase();
}

function AssetPage({ kind }: { kind: AssetKind }) {
  const { t } = useTradeT();
  const { symbol = '', assetId = '' } = useParams();
  const display = symbol.toUpperCase();
  const tradeSymbol = tradeSymbolOf(kind, symbol);
  return (
    <Page>
      <PageHeader title={t(`asset.${kind}Title`, { symbol: display })} subtitle={t('asset.description')} />
      <Facts>
        <dt>{t('asset.assetId')}</dt>
        <dd>{assetId}</dd>
      </Facts>
      <Card>
        <EmptyState
          title={t('asset.emptyTitle')}
          description={t('asset.emptyBody', { symbol: display })}
          action={tradeSymbol && <ButtonLink to={tradeHomeFor(tradeSymbol)}>{t('asset.trade')}</ButtonLink>}
        />
      </Card>
    </Page>
  );
}

export const CryptoAssetPage = () => <AssetPage kind="crypto" />;
export const UsStockAssetPage = () => <AssetPage kind="usstock" />;
export const UsIndexAssetPage = () => <AssetPage kind="usindex" />;
