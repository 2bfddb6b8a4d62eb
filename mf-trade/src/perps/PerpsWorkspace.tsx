// The perps parts of the trade page (the perps chunk, loaded only on a perp's page): the market
// figures bar (mark, index, funding and its countdown) for everyone, and for a signed-in person
// the order panel and the account area (positions, open orders, order history, funding history,
// with the margin wallet's figures and the last margin call or liquidation notice).
import styled from '@emotion/styled';
import { Card, tokens, useAppStore } from '@pasar/shared';
import { useState } from 'react';
import { Tabs } from '../components/Tabs';
import { useTradeT } from '../i18n';
import type { PriceFormat } from '../market/price-format';
import { Notice } from '../ticket/order-styles';
import { percent, usdt } from './perps-format';
import { registerPerpsTranslations } from './perps-i18n';
import { FundingHistory, PerpOrders } from './PerpOrders';
import { PerpPositions } from './PerpPositions';
import { usePerpsFeed, usePerpsStore } from './perps-store';

registerPerpsTranslations();

export { FundingBar } from './FundingBar';
export { PerpsOrderPanel } from './PerpsOrderPanel';

type AccountTab = 'positions' | 'open' | 'history' | 'funding';

const Wallet = styled.p`
  margin: 0 0 ${tokens.space.sm};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

/** Four tabs do not fit 360 px: the tab list scrolls sideways inside the card, never the page. */
const TabsFrame = styled.div`
  min-width: 0;
  [role='tablist'] {
    overflow-x: auto;
    scrollbar-width: thin;
  }
  [role='tab'] {
    flex: none;
    white-space: nowrap;
  }
`;

const Alert = styled(Notice)`
  margin-bottom: ${tokens.space.sm};
  border-left-color: ${tokens.colors.dangerText};
`;

/** Positions and orders of a signed-in person; feeds the page's perps account while mounted. */
export function PerpsAccountArea({ symbol, format }: { symbol: string; format: PriceFormat }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  usePerpsFeed();
  const [tab, setTab] = useState<AccountTab>('positions');
  const balance = usePerpsStore((state) => state.balance);
  const notice = usePerpsStore((state) => state.notice);
  const count = usePerpsStore((state) => state.positions.length);
  return (
    <Card padding="md" title={t('perps.orders.label')} data-testid="perps-account">
      {notice && (
        <Alert role="alert" data-testid="perps-notice" data-type={notice.type}>
          <strong>{notice.title}</strong>
          <p>{notice.body}</p>
        </Alert>
      )}
      {balance && (
        <Wallet data-testid="perps-wallet">
          {t('perps.positions.wallet', { wallet: usdt(balance.walletBalance, lng), available: usdt(balance.availableBalance, lng), ratio: percent(balance.marginRatioPercentage, lng) })}
        </Wallet>
      )}
      <TabsFrame>
        <Tabs
          label={t('perps.orders.label')}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'positions', label: t('perps.orders.positions', { count }), render: () => <PerpPositions format={format} /> },
            { key: 'open', label: t('perps.orders.open'), render: () => <PerpOrders scope="open" symbol={symbol} format={format} /> },
            { key: 'history', label: t('perps.orders.history'), render: () => <PerpOrders scope="history" symbol={symbol} format={format} /> },
            { key: 'funding', label: t('perps.orders.funding'), render: () => <FundingHistory symbol={symbol} /> },
          ]}
        />
      </TabsFrame>
    </Card>
  );
}
