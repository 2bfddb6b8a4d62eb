// Paths of the account calls (plain values: the browser index exports them without zod), and the
// account area's plain constants the UI needs before it calls (limits, lists, enumerations).
// The zod schemas in `account.ts` use these same values.

/** Paths of the account calls, all under `/api`. */
export const ACCOUNT_PATHS = {
  me: '/api/user/me',
  userStatus: '/api/user/status',
  userTags: '/api/user/tags',
  bappebtiTnc: '/api/user/bappebti-tnc',
  feedback: '/api/feedback',
  emailChangeOtp: '/api/email-change/otp',
  emailChangeVerify: '/api/email-change/verify',
  phoneChangeOtp: '/api/phone-change/otp',
  phoneChangeVerify: '/api/phone-change/verify',
  kyc: '/api/kyc',
  kycGss: '/api/kyc/gss',
  banks: '/api/banks',
  bankAccounts: '/api/bank-accounts',
  notificationSettings: '/api/notification-settings',
  telegramDeeplink: '/api/telegram/deeplink',
  telegramDisconnect: '/api/telegram/disconnect',
  /** Called by the Telegram bot, with the `x-telegram-webhook-secret` header. */
  telegramWebhook: '/api/telegram/webhook',
  notifications: '/api/notifications',
  notificationsReadAll: '/api/notifications/read-all',
  salesforceWebInfo: '/api/salesforce/web-info',
  // Operator (admin) calls: header `x-admin-token`.
  adminKycApprove: '/api/admin/kyc/approve',
  adminKycReject: '/api/admin/kyc/reject',
  adminKycPending: '/api/admin/kyc/pending',
  /** GET ?phone=&kind=: the latest submission's details for review. */
  adminKycSubmission: '/api/admin/kyc/submission',
  adminUserTag: '/api/admin/user/tag',
} as const;

/** `/api/bank-accounts/:id` (DELETE removes it). */
export const bankAccountPath = (id: string): string => `${ACCOUNT_PATHS.bankAccounts}/${encodeURIComponent(id)}`;
/** `/api/bank-accounts/:id/primary` (POST makes it the primary account). */
export const bankAccountPrimaryPath = (id: string): string => `${bankAccountPath(id)}/primary`;
/** `/api/admin/kyc/files/:submissionId/:file` (file: ktpPhoto | selfie): the stored document, operator only. */
export const adminKycFilePath = (submissionId: string, file: 'ktpPhoto' | 'selfie'): string =>
  `/api/admin/kyc/files/${encodeURIComponent(submissionId)}/${file}`;
/** `/api/notifications/:id/read` (POST). */
export const notificationReadPath = (id: string): string =>
  `${ACCOUNT_PATHS.notifications}/${encodeURIComponent(id)}/read`;

/** The trade page's query naming one of the person's orders, which its orders list picks out (`/trade/BTC-IDR?order=…`). */
export const ORDER_QUERY = 'order';

/** What a notification's link says (NotificationLink in `account.ts`). */
interface NotificationLinkTarget {
  readonly kind: 'ORDER' | 'ASSET';
  readonly symbol: string;
  readonly orderId: string | null;
}

/** Where a notification leads in the app: the trade page of its symbol, with the order picked out when it is about one. */
export function notificationPath(link: NotificationLinkTarget | null | undefined): string | null {
  if (!link) return null;
  const page = `/trade/${encodeURIComponent(link.symbol)}`;
  return link.kind === 'ORDER' && link.orderId ? `${page}?${ORDER_QUERY}=${encodeURIComponent(link.orderId)}` : page;
}

/** The header the Telegram bot sends to the webhook. */
export const TELEGRAM_WEBHOOK_SECRET_HEADER = 'x-telegram-webhook-secret';

// ---- Profile ----

export const USER_NAME_MAX_LENGTH = 100;
export const USER_STATUSES = ['ACTIVE', 'DEACTIVATED', 'DELETED'] as const;
/** Tags of a user; PRO_USER is the pro-user check of §6. */
export const USER_TAGS = ['PRO_USER'] as const;
export const PRO_USER_TAG = 'PRO_USER';
export const FEEDBACK_CATEGORIES = ['BUG', 'SUGGESTION', 'COMPLIMENT', 'QUESTION', 'OTHER'] as const;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 2000;

// ---- Identity verification (KYC) ----

/** NIK: exactly 16 digits (no checksum exists, the format is checked). */
export const NIK_PATTERN = /^\d{16}$/;
/** Full name as on the KTP: letters (any script), spaces and . , ' - */
export const KTP_NAME_PATTERN = /^[\p{L}][\p{L} .,'-]*$/u;
export const KYC_MIN_AGE_YEARS = 17;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const KYC_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const KYC_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const KYC_MAX_VIDEO_BYTES = 8 * 1024 * 1024;
/** Multipart field names of POST /api/kyc. */
export const KYC_FILE_FIELDS = ['ktpPhoto', 'selfie'] as const;
export const KYC_KINDS = ['kyc', 'gss'] as const;
/** §5: a file is a video if its type starts with video/. */
export const isVideoType = (type: string): boolean => type.toLowerCase().startsWith('video/');
/** The size limit of a KYC file of this type (selfie videos may be larger than images). */
export const kycMaxBytesFor = (type: string): number => (isVideoType(type) ? KYC_MAX_VIDEO_BYTES : KYC_MAX_IMAGE_BYTES);

export type KycFileType = (typeof KYC_IMAGE_TYPES)[number] | (typeof KYC_VIDEO_TYPES)[number];

/** The bytes a KYC file's type must start with (read by the page when a file is chosen, and by the server). */
export const KYC_SNIFF_BYTES = 12;

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** The type a file's first bytes (magic numbers) show, among the types identity documents may have. */
export function sniffKycFileType(data: Uint8Array): KycFileType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // ISO base media (MP4): a box size, then 'ftyp' at offset 4.
  if (startsWith(data, [0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  // Matroska/WebM: the EBML header.
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
}

// ---- Bank accounts ----

export const MAX_BANK_ACCOUNTS = 3;
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{6,20}$/;

/** Indonesian banks with their clearing (SKN/BI) codes. */
export const INDONESIAN_BANKS = [
  { code: '014', name: 'BCA' },
  { code: '008', name: 'Bank Mandiri' },
  { code: '002', name: 'BRI' },
  { code: '009', name: 'BNI' },
  { code: '022', name: 'CIMB Niaga' },
  { code: '013', name: 'Permata Bank' },
  { code: '011', name: 'Bank Danamon' },
  { code: '451', name: 'Bank Syariah Indonesia (BSI)' },
  { code: '200', name: 'BTN' },
  { code: '016', name: 'Maybank Indonesia' },
  { code: '028', name: 'OCBC Indonesia' },
  { code: '019', name: 'Panin Bank' },
  { code: '441', name: 'KB Bank' },
  { code: '426', name: 'Bank Mega' },
  { code: '213', name: 'SMBC Indonesia' },
  { code: '147', name: 'Bank Muamalat' },
  { code: '110', name: 'Bank BJB' },
  { code: '111', name: 'Bank DKI' },
  { code: '114', name: 'Bank Jatim' },
  { code: '535', name: 'SeaBank' },
  { code: '542', name: 'Bank Jago' },
  { code: '490', name: 'Bank Neo Commerce' },
] as const;

// ---- Notifications ----

export const NOTIFICATION_TYPES = [
  'ORDER_FILLED',
  'PRICE_ALERT',
  'MARGIN_CALL',
  'ACCOUNT_LIQUIDATION',
  'DEPOSIT',
  'CASHOUT',
  'ACCOUNT',
  'SECURITY',
  'PROMOTION',
] as const;
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'telegram'] as const;
/** Security notices always reach the in-app centre: this switch cannot be turned off. */
export const ALWAYS_ON_NOTIFICATION: { readonly type: 'SECURITY'; readonly channel: 'inApp' } = {
  type: 'SECURITY',
  channel: 'inApp',
};
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** A Telegram link token is valid this long. */
export const TELEGRAM_LINK_TTL_SECONDS = 600;
