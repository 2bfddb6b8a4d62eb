// The guest explore page of USDT-IDR (§2): viewable without an account.
import { ButtonLink, Card, EmptyState, Page, PageHeader } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { tradeHomeFor } from '../markets/trade-market';

export const EXPLORE_SYMBOL = 'USDT-IDR';

export function ExplorePage() {
  const { t } = useTradeT();
  return (
    <Page>
      <PageHeader title={t('explore.title')} subtitle={t('explore.description')} />
      <Card>
        <EmptyState
          title={t('explore.emptyTitle')}
          description={t('explore.emptyBody')}
          action={<ButtonLink to={tradeHomeFor(EXPLORE_SYMBOL)}>{t('explore.trade')}</ButtonLink>}
        />
      </Card>
    </Page>
  );
}
