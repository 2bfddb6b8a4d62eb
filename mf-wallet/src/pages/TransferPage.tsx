// `/balance/transfer`: money between IDR cash and the other wallets — the USD stock wallets, the
// leverage wallets, the USDT perpetuals margin wallet — one tab each (`?tab=usd|leverage|perps`).
import { api, Card, useApiData, useSearchParams, WALLET_PATHS, type WalletBalanceResponse } from '@pasar/shared';
import { Tabs } from '../components/Choice';
import { LoadState, WalletPage } from '../components/WalletPage';
import { useWalletT } from '../i18n';
import { LeveragePanel } from './transfer/LeveragePanel';
import { PerpMarginPanel } from './transfer/PerpMarginPanel';
import { StockTransferPanel } from './transfer/StockTransferPanel';

const TABS = ['usd', 'leverage', 'perps'] as const;
type TabKey = (typeof TABS)[number];

export function TransferPage() {
  const { t } = useWalletT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabKey) : 'usd';
  const balance = useApiData(() => api.get<WalletBalanceResponse>(WALLET_PATHS.walletBalance, { language: true }));
  const data = balance.data;
  const moved = () => void balance.refresh();

  return (
    <WalletPage narrow title={t('transfer.title')} subtitle={t('transfer.description')}>
      <Card>
        {!data && <LoadState loading={balance.loading} error={balance.error} onRetry={() => void balance.reload()} />}
        {data && (
          <Tabs
            label={t('transfer.tabsLabel')}
            value={tab}
            onChange={(next) => setParams({ tab: next }, { replace: true })}
            items={[
              { key: 'usd', label: t('transfer.tabUsd'), render: () => <StockTransferPanel balance={data} onMoved={moved} /> },
              { key: 'leverage', label: t('transfer.tabLeverage'), render: () => <LeveragePanel balance={data} onMoved={moved} /> },
              { key: 'perps', label: t('transfer.tabPerps'), render: () => <PerpMarginPanel balance={data} onMoved={moved} /> },
            ]}
          />
        )}
      </Card>
    </WalletPage>
  );
}
