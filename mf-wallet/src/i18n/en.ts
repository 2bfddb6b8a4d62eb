// English strings of the `wallet` namespace.
import type { WalletMessages } from './id';

export const en: WalletMessages = {
  nav: { balance: 'Balance' },
  balance: {
    title: 'Balance',
    description: 'Your rupiah balance, stock wallets and margin wallet in one place.',
    emptyTitle: 'Balance details arrive soon',
    emptyBody: 'Your cash, voucher and stock wallet balances will show here.',
    topUp: 'Top up',
  },
  topup: {
    title: 'Top up balance',
    description: 'Add rupiah to your balance to start trading.',
    emptyTitle: 'Top-up methods arrive soon',
    emptyBody: 'Bank transfer and other payment options will show here.',
    back: 'Back to balance',
  },
};
