// Identity (issue 3): sign-up, login, OTP, tokens, device sessions, PIN — zod schemas and their types.
import { z } from './zod';
import { plainLine } from './text';
import { DeviceClass, DeviceStatus, KycStatus } from './enums';
import {
  DEVICE_PAGE_SIZE,
  MESSAGE_CHANNELS,
  OTP_FORMAT_MESSAGE,
  OTP_PATTERN,
  PHONE_FORMAT_MESSAGE,
  PIN_FORMAT_MESSAGE,
  PIN_PATTERN,
  normalizePhone,
} from './identity-paths';

/**
 * A phone number as the user typed it, normalised to `+628…`; anything else is invalid input
 * (002) with a message saying what is accepted. The English message is the schema's; the server
 * answers Indonesian requests with zod's Indonesian locale, which keeps a schema's own message,
 * so the message carries both languages' intent in English and the UI shows its own text.
 */
export const PhoneNumber = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE.en });
      return z.NEVER;
    }
    return phone;
  });

/** A stored phone number (`+628…`), as responses carry it. */
export const NormalizedPhone = z.string().regex(/^\+628\d{8,12}$/);

export const OtpCode = z.string().regex(OTP_PATTERN, OTP_FORMAT_MESSAGE.en);
export const Pin = z.string().regex(PIN_PATTERN, PIN_FORMAT_MESSAGE.en);
/** The single-use tokens between the steps of sign-up, login and forgot-PIN. */
export const StepToken = z.string().min(20).max(200);

export const MessageChannel = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof MessageChannel>;

// ---- Requests ----

export const PhoneRequest = z.object({ phone: PhoneNumber });
export type PhoneRequest = z.input<typeof PhoneRequest>;
export const PhoneOtpRequest = z.object({ phone: PhoneNumber, otp: OtpCode });
export type PhoneOtpRequest = z.input<typeof PhoneOtpRequest>;
export const RegisterPinRequest = z.object({
  signupToken: StepToken,
  pin: Pin,
  // Shown as text everywhere (markup stays literal); control characters are refused.
  name: plainLine().max(100).optional(),
});
export type RegisterPinRequest = z.input<typeof RegisterPinRequest>;
export const LoginPinRequest = z.object({ loginToken: StepToken, pin: Pin });
export type LoginPinRequest = z.input<typeof LoginPinRequest>;
export const PinVerifyRequest = z.object({ pin: Pin });
export type PinVerifyRequest = z.infer<typeof PinVerifyRequest>;
export const PinUpdateRequest = z.object({ oldPin: Pin, newPin: Pin });
export type PinUpdateRequest = z.infer<typeof PinUpdateRequest>;
export const PinResetRequest = z.object({ resetToken: StepToken, newPin: Pin });
export type PinResetRequest = z.infer<typeof PinResetRequest>;

export const DeviceListQuery = z.object({
  status: DeviceStatus.optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(DEVICE_PAGE_SIZE),
});
export type DeviceListQuery = z.input<typeof DeviceListQuery>;
export const DeviceIdParams = z.object({ id: z.uuid() });
export const DeviceLogoutRequest = z.object({ block: z.boolean().optional() }).default({});
export type DeviceLogoutRequest = z.input<typeof DeviceLogoutRequest>;

export const DevInboxQuery = z.object({ to: z.string().trim().min(1).max(200) });

// ---- Responses ----

export const ValidatePhoneResponse = z.object({ phone: NormalizedPhone, registered: z.boolean() });
export type ValidatePhoneResponse = z.infer<typeof ValidatePhoneResponse>;

/** An OTP was sent: how long it lives and when a new one may be asked for. */
export const OtpChallenge = z.object({
  phone: z.string(),
  expiresInSeconds: z.number().int().nonnegative(),
  resendInSeconds: z.number().int().nonnegative(),
});
export type OtpChallenge = z.infer<typeof OtpChallenge>;

export const SignupTokenResponse = z.object({ signupToken: z.string() });
export type SignupTokenResponse = z.infer<typeof SignupTokenResponse>;
export const LoginTokenResponse = z.object({ loginToken: z.string() });
export type LoginTokenResponse = z.infer<typeof LoginTokenResponse>;
export const ResetTokenResponse = z.object({ resetToken: z.string() });
export type ResetTokenResponse = z.infer<typeof ResetTokenResponse>;

export const SessionUser = z.object({
  id: z.uuid(),
  phone: z.string(),
  name: z.string(),
  kycStatus: KycStatus,
  gssKycStatus: KycStatus,
});
export type SessionUser = z.infer<typeof SessionUser>;

/** A logged-in session: the access token (also sent as `Authorization: Bearer`) and the user. */
export const AuthSession = z.object({
  accessToken: z.string(),
  expiresInSeconds: z.number().int().positive(),
  user: SessionUser,
});
export type AuthSession = z.infer<typeof AuthSession>;

export const DeviceSession = z.object({
  id: z.uuid(),
  userAgent: z.string(),
  deviceType: z.enum(['mobile', 'tablet', 'desktop']),
  deviceClass: DeviceClass,
  os: z.string(),
  current: z.boolean(),
  status: DeviceStatus,
  blocked: z.boolean(),
  firstSeenAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type DeviceSession = z.infer<typeof DeviceSession>;

export const DeviceList = z.object({
  items: z.array(DeviceSession),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type DeviceList = z.infer<typeof DeviceList>;

export const PinVerifiedResponse = z.object({ verifiedAt: z.iso.datetime({ offset: true }) });
export type PinVerifiedResponse = z.infer<typeof PinVerifiedResponse>;

/** The empty success of calls that only act (`{}`). */
export const Done = z.object({});
export type Done = z.infer<typeof Done>;

export const DevInboxMessage = z.object({
  id: z.uuid(),
  to: z.string(),
  channel: MessageChannel,
  subject: z.string(),
  body: z.string(),
  code: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DevInboxMessage = z.infer<typeof DevInboxMessage>;
export const DevInboxResponse = z.object({ messages: z.array(DevInboxMessage) });
export type DevInboxResponse = z.infer<typeof DevInboxResponse>;
