// Account (issue 3): profile, KYC, bank accounts, notification settings and centre, web-info,
// feedback — zod schemas and their types. Paths and plain constants: `account-paths.ts`.
import { z } from './zod';
import { calendarDate, plainLine, plainMultiLine } from './text';
import { AssetType, KycStatus, Language } from './enums';
import {
  BANK_ACCOUNT_NUMBER_PATTERN,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  KTP_NAME_PATTERN,
  KYC_KINDS,
  NIK_PATTERN,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  USER_NAME_MAX_LENGTH,
  USER_STATUSES,
} from './account-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A calendar date, YYYY-MM-DD, that exists. */
export const AccountDate = calendarDate();
const SixDigitCode = z.string().regex(/^\d{6}$/, 'must be 6 digits');

// ---- Profile ----

export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

/** 1–100 characters after trimming; no control characters. Markup is kept as plain text. */
export const UserName = plainLine()
  .min(1, 'must not be empty')
  .max(USER_NAME_MAX_LENGTH, `must be at most ${USER_NAME_MAX_LENGTH} characters`);

export const UserMe = z.object({
  id: z.string(),
  /** Plain text: render it as text, never as HTML. */
  name: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  language: Language,
  kycStatus: KycStatus,
  gssKycStatus: KycStatus,
  bappebtiAcceptedAt: IsoDateTime.nullable(),
  status: UserStatus,
  createdAt: IsoDateTime,
});
export type UserMe = z.infer<typeof UserMe>;

export const UpdateMeRequest = z
  .object({ name: UserName.optional(), language: Language.optional() })
  .refine((body) => body.name !== undefined || body.language !== undefined, 'name or language is required');
export type UpdateMeRequest = z.infer<typeof UpdateMeRequest>;

export const UserStatusResponse = z.object({
  status: UserStatus,
  kycStatus: KycStatus,
  gssKycStatus: KycStatus,
  bappebtiAccepted: z.boolean(),
  emailVerified: z.boolean(),
  bankAccountCount: z.number().int(),
});
export type UserStatusResponse = z.infer<typeof UserStatusResponse>;

export const UserTagsResponse = z.object({ tags: z.array(z.string()) });
export type UserTagsResponse = z.infer<typeof UserTagsResponse>;

export const BappebtiAcceptResponse = z.object({ acceptedAt: IsoDateTime });
export type BappebtiAcceptResponse = z.infer<typeof BappebtiAcceptResponse>;

export const FeedbackCategory = z.enum(FEEDBACK_CATEGORIES);
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;
export const FeedbackRequest = z.object({
  category: FeedbackCategory,
  message: plainMultiLine().min(1, 'must not be empty').max(FEEDBACK_MESSAGE_MAX_LENGTH),
  rating: z.number().int().min(1).max(5).optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
export const FeedbackResponse = z.object({ id: z.string(), createdAt: IsoDateTime });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

// ---- E-mail and phone change ----

export const EmailChangeOtpRequest = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('must be an e-mail address')),
});
export type EmailChangeOtpRequest = z.infer<typeof EmailChangeOtpRequest>;
/** Phone in any accepted Indonesian form (08…, +628…, 628…); the server normalises it. */
export const PhoneChangeOtpRequest = z.object({ phone: plainLine().min(1).max(32) });
export type PhoneChangeOtpRequest = z.infer<typeof PhoneChangeOtpRequest>;
export const ChangeVerifyRequest = z.object({ otp: SixDigitCode });
export type ChangeVerifyRequest = z.infer<typeof ChangeVerifyRequest>;
/** The OTP went to the NEW address: where, and the waits. */
export const ChangeOtpChallenge = z.object({
  destination: z.string(),
  channel: z.enum(['sms', 'email']),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});
export type ChangeOtpChallenge = z.infer<typeof ChangeOtpChallenge>;

// ---- Identity verification (KYC) ----

export const KycKind = z.enum(KYC_KINDS);
export type KycKind = z.infer<typeof KycKind>;

/** The text fields of POST /api/kyc (multipart; files ktpPhoto and selfie beside them). */
export const KycSubmissionFields = z.object({
  nik: z.string().trim().regex(NIK_PATTERN, 'must be exactly 16 digits'),
  fullName: plainLine()
    .min(2)
    .max(100)
    .regex(KTP_NAME_PATTERN, "may contain only letters, spaces and . , ' -"),
  birthPlace: plainLine().min(2).max(100),
  birthDate: AccountDate,
  address: plainMultiLine().min(5).max(500),
});
export type KycSubmissionFields = z.infer<typeof KycSubmissionFields>;

export const KycStatusResponse = z.object({
  status: KycStatus,
  rejectionReason: z.string().nullable(),
  submittedAt: IsoDateTime.nullable(),
  reviewedAt: IsoDateTime.nullable(),
  /** The name the identity was verified with (bank account holders must match it). */
  fullName: z.string().nullable(),
  /** The verified address and birth date: the US-stock declaration starts from them. */
  address: z.string().nullable(),
  birthDate: AccountDate.nullable(),
  gssKycStatus: KycStatus,
  gssRejectionReason: z.string().nullable(),
  gssSubmittedAt: IsoDateTime.nullable(),
  gssReviewedAt: IsoDateTime.nullable(),
});
export type KycStatusResponse = z.infer<typeof KycStatusResponse>;

/** The W-8BEN-style declaration a US broker requires of an Indonesian (non-US) investor. */
export const GssDeclaration = z.object({
  fullLegalName: plainLine().min(2).max(100),
  countryOfCitizenship: z.literal('ID'),
  permanentAddress: plainMultiLine().min(5).max(500),
  dateOfBirth: AccountDate,
  /** NPWP, optional: 15 or 16 digits (dots and dashes allowed). */
  npwp: z
    .string()
    .trim()
    .transform((value) => value.replace(/[.\-\s]/g, ''))
    .pipe(z.string().regex(/^(\d{15}|\d{16})?$/, 'must be 15 or 16 digits'))
    .optional(),
  /** "I am not a US person" — must be certified. */
  notUsPerson: z.literal(true),
  treatyCountry: z.literal('ID'),
  /** Electronic signature: the typed full legal name. */
  signature: plainLine().min(2).max(100),
  signedDate: AccountDate,
});
export type GssDeclaration = z.infer<typeof GssDeclaration>;
export const GssDeclarationRequest = z.object({ declaration: GssDeclaration });
export type GssDeclarationRequest = z.infer<typeof GssDeclarationRequest>;

// ---- Bank accounts ----

export const Bank = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof Bank>;
export const BankList = z.array(Bank);
export type BankList = z.infer<typeof BankList>;

export const BankAccount = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  primary: z.boolean(),
  createdAt: IsoDateTime,
});
export type BankAccount = z.infer<typeof BankAccount>;
export const BankAccountList = z.array(BankAccount);
export type BankAccountList = z.infer<typeof BankAccountList>;

export const AddBankAccountRequest = z.object({
  bankCode: z.string().trim().regex(/^\d{3}$/, 'must be a 3-digit bank code'),
  accountNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(BANK_ACCOUNT_NUMBER_PATTERN, 'must be 6 to 20 digits')),
  holderName: plainLine().min(1).max(100),
});
export type AddBankAccountRequest = z.infer<typeof AddBankAccountRequest>;

/** An id in a path; an id that is not a UUID is simply not found (404). */
export const AccountIdParams = z.object({ id: z.string().min(1).max(64) });
export type AccountIdParams = z.infer<typeof AccountIdParams>;

// ---- Notification settings ----

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;
export const NotificationSetting = z.object({
  type: NotificationType,
  inApp: z.boolean(),
  email: z.boolean(),
  telegram: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSetting>;
export const NotificationSettingsResponse = z.object({
  items: z.array(NotificationSetting),
  telegramConnected: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;
export const UpdateNotificationSettingsRequest = z.object({
  items: z
    .array(NotificationSetting)
    .min(1)
    .max(NOTIFICATION_TYPES.length)
    .refine((items) => new Set(items.map((i) => i.type)).size === items.length, 'each type at most once'),
});
export type UpdateNotificationSettingsRequest = z.infer<typeof UpdateNotificationSettingsRequest>;

export const TelegramDeeplinkResponse = z.object({ url: z.string(), expiresAt: IsoDateTime });
export type TelegramDeeplinkResponse = z.infer<typeof TelegramDeeplinkResponse>;
export const TelegramWebhookRequest = z.object({
  token: plainLine().min(16).max(128),
  chatId: z.union([z.string().regex(/^-?\d{1,20}$/), z.number().int()]).transform(String),
});
export type TelegramWebhookRequest = z.infer<typeof TelegramWebhookRequest>;
export const TelegramWebhookResponse = z.object({ linked: z.literal(true) });
export type TelegramWebhookResponse = z.infer<typeof TelegramWebhookResponse>;
export const TelegramDisconnectResponse = z.object({ telegramConnected: z.literal(false) });
export type TelegramDisconnectResponse = z.infer<typeof TelegramDisconnectResponse>;

// ---- Notification centre ----

/** Where a notification leads: an order (its market and symbol too) or an asset. */
export const NotificationLink = z.object({
  kind: z.enum(['ORDER', 'ASSET']),
  symbol: z.string(),
  assetType: AssetType,
  /** ORDER links: the order's id. */
  orderId: z.string().nullable(),
});
export type NotificationLink = z.infer<typeof NotificationLink>;
export const UserNotification = z.object({
  id: z.string(),
  type: NotificationType,
  /** Plain text. */
  title: z.string(),
  /** Plain text. */
  body: z.string(),
  createdAt: IsoDateTime,
  readAt: IsoDateTime.nullable(),
  /** Null when it leads nowhere (account and security notices). */
  link: NotificationLink.nullable().optional(),
});
export type UserNotification = z.infer<typeof UserNotification>;
export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  /** Only this type (the centre's filter). */
  type: NotificationType.optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;
export const NotificationPage = z.object({
  items: z.array(UserNotification),
  unreadCount: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;
export const ReadAllResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type ReadAllResponse = z.infer<typeof ReadAllResponse>;

// ---- Salesforce-style login ----

export const SalesforceWebInfo = z.object({
  salesforceIdentifier: z.string().nullable(),
  loginUrl: z.string().nullable(),
});
export type SalesforceWebInfo = z.infer<typeof SalesforceWebInfo>;

// ---- Operator (admin) calls ----

export const AdminKycDecisionRequest = z.object({
  phone: plainLine().min(1).max(32),
  reason: plainMultiLine().min(1).max(500).optional(),
  kind: KycKind.default('kyc'),
});
export type AdminKycDecisionRequest = z.infer<typeof AdminKycDecisionRequest>;
export const AdminKycDecisionResponse = z.object({
  userId: z.string(),
  phone: z.string(),
  kind: KycKind,
  status: KycStatus,
});
export type AdminKycDecisionResponse = z.infer<typeof AdminKycDecisionResponse>;
export const AdminKycPendingItem = z.object({
  userId: z.string(),
  phone: z.string(),
  kind: KycKind,
  fullName: z.string(),
  submittedAt: IsoDateTime,
});
export type AdminKycPendingItem = z.infer<typeof AdminKycPendingItem>;
export const AdminKycPendingResponse = z.object({ items: z.array(AdminKycPendingItem) });
export type AdminKycPendingResponse = z.infer<typeof AdminKycPendingResponse>;
export const AdminKycSubmissionQuery = z.object({ phone: plainLine().min(1).max(32), kind: KycKind.default('kyc') });
export type AdminKycSubmissionQuery = z.infer<typeof AdminKycSubmissionQuery>;
/** The latest submission of a user, for the operator's review. */
export const AdminKycSubmission = z.object({
  id: z.string(),
  userId: z.string(),
  phone: z.string(),
  kind: KycKind,
  status: z.enum(['PENDING', 'VERIFIED', 'REJECTED']),
  fullName: z.string(),
  nik: z.string().nullable(),
  birthPlace: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  declaration: z.record(z.string(), z.unknown()).nullable(),
  /** Paths of the stored documents (GET with x-admin-token). */
  files: z.array(z.object({ field: z.enum(['ktpPhoto', 'selfie']), contentType: z.string(), path: z.string() })),
  rejectionReason: z.string().nullable(),
  submittedAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminKycSubmission = z.infer<typeof AdminKycSubmission>;
export const AdminKycFileParams = z.object({ submissionId: z.string().min(1).max(64), file: z.enum(['ktpPhoto', 'selfie']) });
export type AdminKycFileParams = z.infer<typeof AdminKycFileParams>;

export const AdminUserTagRequest = z.object({
  phone: plainLine().min(1).max(32),
  tag: z.string().trim().regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'must be an upper-case tag like PRO_USER'),
  remove: z.boolean().optional(),
});
export type AdminUserTagRequest = z.infer<typeof AdminUserTagRequest>;
export const AdminUserTagResponse = z.object({ phone: z.string(), tags: z.array(z.string()) });
export type AdminUserTagResponse = z.infer<typeof AdminUserTagResponse>;
