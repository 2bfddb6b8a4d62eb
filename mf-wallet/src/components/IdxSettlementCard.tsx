// IDX settlement on the balance page: sale proceeds of Indonesian stocks settle two IDX trading
// days after the trade (T+2). Until then they are unsettled and cannot be withdrawn; the card
// shows the cash, each unsettled amount with its settlement date, and what may be withdrawn now.
// Nothing shows while nothing is unsettled. Its strings are registered with it.
import {
  api,
  Card,
  registerTranslations,
  Stack,
  useApiData,
  type IdxWalletResponse,
} from '@pasar/shared';
import { IDX_PATHS } from '@pasar/shared/contract/idx-paths';
import { useWalletT, WALLET_NAMESPACE } from '../i18n';
import { Figures } from './Figures';
import { isZero, useFormat } from './money';
import { Muted } from './WalletPage';

const STRINGS = {
  id: {
    idxSettlement: {
      title: 'Penyelesaian saham Indonesia (T+2)',
      cash: 'Kas',
      unsettled: 'Belum diselesaikan',
      settlesOn: 'Cair {{date}}',
      withdrawable: 'Dapat ditarik',
      note: 'Hasil penjualan saham Indonesia langsung dapat dipakai membeli saham Indonesia lain, dan dapat ditarik setelah tanggal penyelesaian (dua hari bursa setelah transaksi).',
    },
  },
  en: {
    idxSettlement: {
      title: 'Indonesian stock settlement (T+2)',
      cash: 'Cash',
      unsettled: 'Unsettled',
      settlesOn: 'Settles {{date}}',
      withdrawable: 'Withdrawable',
      note: 'Proceeds of Indonesian stock sales can buy other Indonesian stocks at once, and be withdrawn after their settlement date (two exchange days after the trade).',
    },
  },
};
registerTranslations(WALLET_NAMESPACE, STRINGS);

const dateOf = (date: string, lng: string) =>
  new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : 'id-ID', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

export function IdxSettlementCard() {
  const { t, i18n } = useWalletT();
  const f = useFormat();
  const wallet = useApiData(() => api.get<IdxWalletResponse>(IDX_PATHS.wallet, { language: true }));
  const data = wallet.data;
  if (!data || isZero(data.unsettled)) return null;
  return (
    <Card title={t('idxSettlement.title')} data-testid="idx-settlement">
      <Stack gap="md">
        <Figures
          items={[
            { label: t('idxSettlement.cash'), value: f.idr(data.cash), testId: 'idx-cash' },
            { label: t('idxSettlement.unsettled'), value: f.idr(data.unsettled), testId: 'idx-unsettled', strong: true },
            ...data.unsettledByDate.map((row) => ({
              label: t('idxSettlement.settlesOn', { date: dateOf(row.settlementDate, i18n.language) }),
              value: f.idr(row.amount),
              testId: `idx-unsettled-${row.settlementDate}`,
            })),
            { label: t('idxSettlement.withdrawable'), value: f.idr(data.withdrawable), testId: 'idx-withdrawable' },
          ]}
        />
        <Muted>{t('idxSettlement.note')}</Muted>
      </Stack>
    </Card>
  );
}
