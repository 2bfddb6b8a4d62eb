// The top-up channels: virtual accounts of the main Indonesian banks and the e-wallets, with their
// limits, fees, expiry and payment steps, in one table. Fees are a fixed Rupiah amount per channel
// (the contract's `fee`), charged on top of the amount: the user pays amount + fee and receives the
// amount. Typical gateway prices: a VA costs the merchant about Rp4.000 per payment; e-wallets are
// priced in percent by gateways, here a flat Rp2.500 so the fee shown never depends on the amount.
import { createHash, randomInt } from 'node:crypto';
import type { TopUpChannel, TopUpChannelKind, TopUpMethod } from '@pasar/shared/contract';

type Localized = { readonly id: string; readonly en: string };

export interface ChannelSpec {
  readonly channel: TopUpChannel;
  readonly kind: TopUpChannelKind;
  readonly name: string;
  /** Bank code (BCA 014 …) for virtual accounts. */
  readonly bankCode: string | null;
  /** Virtual accounts: the merchant prefix the bank assigned; e-wallets: the code's prefix. */
  readonly codePrefix: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  readonly fee: string;
  readonly expiryMinutes: number;
}

const VA_MIN = '10000';
/** Per virtual-account payment: banks cap a single VA transfer around Rp50 juta for retail users. */
const VA_MAX = '50000000';
const VA_FEE = '4000';
const VA_EXPIRY_MINUTES = 24 * 60;
const EWALLET_MIN = '10000';
/** E-wallet balances are capped at Rp20 juta (Bank Indonesia, verified accounts): Rp10 juta per payment. */
const EWALLET_MAX = '10000000';
const EWALLET_FEE = '2500';
const EWALLET_EXPIRY_MINUTES = 30;

const va = (channel: TopUpChannel, name: string, bankCode: string, codePrefix: string): ChannelSpec => ({
  channel,
  kind: 'VIRTUAL_ACCOUNT',
  name,
  bankCode,
  codePrefix,
  minAmount: VA_MIN,
  maxAmount: VA_MAX,
  fee: VA_FEE,
  expiryMinutes: VA_EXPIRY_MINUTES,
});
const ewallet = (channel: TopUpChannel, name: string, codePrefix: string): ChannelSpec => ({
  channel,
  kind: 'EWALLET',
  name,
  bankCode: null,
  codePrefix,
  minAmount: EWALLET_MIN,
  maxAmount: EWALLET_MAX,
  fee: EWALLET_FEE,
  expiryMinutes: EWALLET_EXPIRY_MINUTES,
});

export const CHANNELS: readonly ChannelSpec[] = [
  va('BCA_VA', 'BCA Virtual Account', '014', '39358'),
  va('MANDIRI_VA', 'Mandiri Virtual Account', '008', '88908'),
  va('BRI_VA', 'BRI Virtual Account', '002', '26215'),
  va('BNI_VA', 'BNI Virtual Account', '009', '8808'),
  va('PERMATA_VA', 'Permata Virtual Account', '013', '8214'),
  va('CIMB_VA', 'CIMB Niaga Virtual Account', '022', '9490'),
  va('BSI_VA', 'BSI Virtual Account', '451', '9347'),
  ewallet('GOPAY', 'GoPay', 'GP'),
  ewallet('OVO', 'OVO', 'OV'),
  ewallet('DANA', 'DANA', 'DN'),
  ewallet('SHOPEEPAY', 'ShopeePay', 'SP'),
];

export const channelSpec = (channel: string): ChannelSpec | undefined => CHANNELS.find((c) => c.channel === channel);

export function toMethod(spec: ChannelSpec, enabled: boolean): TopUpMethod {
  return {
    channel: spec.channel,
    kind: spec.kind,
    name: spec.name,
    bankCode: spec.bankCode,
    minAmount: spec.minAmount,
    maxAmount: spec.maxAmount,
    fee: spec.fee,
    enabled,
  };
}

/** Quick picks inside the channel's limits. */
export const presetAmounts = (spec: ChannelSpec): string[] =>
  ['100000', '250000', '500000', '1000000', '5000000'].filter((a) => BigInt(a) >= BigInt(spec.minAmount) && BigInt(a) <= BigInt(spec.maxAmount));

/** Rupiah as people write it: Rp1.500.000 (Indonesian), Rp1,500,000 (English). */
export function rupiahText(amount: string, language: 'id' | 'en'): string {
  const whole = amount.split('.')[0]!.replace(/^-/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'id' ? '.' : ',');
  return `${amount.startsWith('-') ? '-' : ''}Rp${grouped}`;
}

/**
 * How to pay, step by step. With a created top-up the steps name its code and exact amount;
 * without one (the channel's form) they speak of "the number shown".
 */
export function paymentSteps(spec: ChannelSpec, topUp?: { readonly code: string; readonly total: string }): Localized[] {
  const code = topUp ? { id: topUp.code, en: topUp.code } : { id: 'yang tertera', en: 'shown' };
  const total = topUp ? { id: rupiahText(topUp.total, 'id'), en: rupiahText(topUp.total, 'en') } : { id: 'yang tertera', en: 'shown' };
  if (spec.kind === 'VIRTUAL_ACCOUNT') {
    const bank = spec.name.replace(' Virtual Account', '');
    return [
      { id: `Buka aplikasi mobile banking atau internet banking ${bank}.`, en: `Open ${bank} mobile or internet banking.` },
      { id: 'Pilih Transfer, lalu Virtual Account.', en: 'Choose Transfer, then Virtual Account.' },
      { id: `Masukkan nomor Virtual Account ${code.id}.`, en: `Enter the Virtual Account number ${code.en}.` },
      { id: `Pastikan tagihan ${total.id} atas nama Pasar, lalu konfirmasi.`, en: `Check that the amount due is ${total.en}, to Pasar, then confirm.` },
      { id: 'Saldo bertambah otomatis setelah pembayaran diterima.', en: 'Your balance is credited automatically once the payment arrives.' },
    ];
  }
  return [
    { id: `Buka aplikasi ${spec.name}.`, en: `Open the ${spec.name} app.` },
    { id: `Pilih Bayar dan masukkan kode pembayaran ${code.id}.`, en: `Choose Pay and enter the payment code ${code.en}.` },
    { id: `Periksa jumlah ${total.id}, lalu konfirmasi dengan PIN ${spec.name}.`, en: `Check the amount, ${total.en}, then confirm with your ${spec.name} PIN.` },
    {
      id: `Selesaikan dalam ${spec.expiryMinutes} menit; saldo bertambah otomatis.`,
      en: `Pay within ${spec.expiryMinutes} minutes; your balance is credited automatically.`,
    },
  ];
}

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A new payment code. Virtual accounts: the bank prefix, 6 digits derived from the user (support
 * can tell whose number it is) and random digits, 16 digits in all; e-wallets: the prefix and 12
 * random characters. Uniqueness is the database's (the caller retries on a collision).
 */
export function newPaymentCode(spec: ChannelSpec, userId: string): string {
  if (spec.kind === 'VIRTUAL_ACCOUNT') {
    const userDigits = (BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 12)}`) % 1_000_000n).toString().padStart(6, '0');
    let rest = '';
    while (spec.codePrefix.length + userDigits.length + rest.length < 16) rest += String(randomInt(0, 10));
    return `${spec.codePrefix}${userDigits}${rest}`;
  }
  let code = '';
  for (let i = 0; i < 12; i += 1) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return `${spec.codePrefix}${code}`;
}
