// The account module's HTTP routes: validation and wiring only; the rules are in the services.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountIdParams,
  AddBankAccountRequest,
  AdminKycDecisionRequest,
  AdminKycDecisionResponse,
  AdminKycFileParams,
  AdminKycPendingResponse,
  AdminKycSubmission,
  AdminKycSubmissionQuery,
  AdminUserTagRequest,
  AdminUserTagResponse,
  BankAccount,
  BankAccountList,
  BankList,
  BappebtiAcceptResponse,
  ChangeOtpChallenge,
  ChangeVerifyRequest,
  EmailChangeOtpRequest,
  FeedbackRequest,
  FeedbackResponse,
  GssDeclarationRequest,
  KYC_FILE_FIELDS,
  KYC_MAX_VIDEO_BYTES,
  KycStatusResponse,
  KycSubmissionFields,
  NotificationPage,
  NotificationSettingsResponse,
  NotificationsQuery,
  PHONE_FORMAT_MESSAGE,
  PhoneChangeOtpRequest,
  ReadAllResponse,
  SalesforceWebInfo,
  TELEGRAM_WEBHOOK_SECRET_HEADER,
  TelegramDeeplinkResponse,
  TelegramDisconnectResponse,
  TelegramWebhookRequest,
  TelegramWebhookResponse,
  UpdateMeRequest,
  UpdateNotificationSettingsRequest,
  UserMe,
  UserNotification,
  UserStatusResponse,
  UserTagsResponse,
  normalizePhone,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { BankService } from './bank-service';
import type { KycUpload } from './kyc-files';
import type { KycService } from './kyc-service';
import type { NotificationService } from './notification-service';
import type { ProfileService } from './profile-service';

export interface AccountRoutesOptions {
  readonly profile: ProfileService;
  readonly kyc: KycService;
  readonly banks: BankService;
  readonly notifications: NotificationService;
  readonly webInfo: (userId: string) => SalesforceWebInfo;
}

/** The signed-in user's id (requireUser ran before the handler). */
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

const contextOf = (request: FastifyRequest) => ({ ip: request.ip, language: languageOf(request) });

const KYC_TEXT_FIELDS = Object.keys(KycSubmissionFields.shape);

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { profile, kyc, banks, notifications } = options;
  const user = { preHandler: [app.requireUser] };
  const userWithPin = { preHandler: [app.requireUser, app.requireFreshPin] };
  const admin = { preHandler: [app.requireAdmin] };
  const tags = ['account'];

  // The KYC form is multipart; each file is read into memory up to the video limit and checked
  // (magic bytes, per-type size) before anything is stored.
  await app.register(fastifyMultipart, {
    limits: { fileSize: KYC_MAX_VIDEO_BYTES, files: KYC_FILE_FIELDS.length, fields: 10, fieldSize: 2000, parts: 12 },
  });

  // ---- profile ----
  app.get('/user/me', { ...user, schema: { tags, summary: 'The signed-in user', response: apiResponses({ 200: UserMe }, [401]) } }, async (request) =>
    ok(await profile.me(userIdOf(request))),
  );
  app.patch(
    '/user/me',
    { ...user, schema: { tags, summary: 'Change name or language', body: UpdateMeRequest, response: apiResponses({ 200: UserMe }, [401]) } },
    async (request) => ok(await profile.updateMe(userIdOf(request), request.body)),
  );
  app.get('/user/status', { ...user, schema: { tags, response: apiResponses({ 200: UserStatusResponse }, [401]) } }, async (request) =>
    ok(await profile.status(userIdOf(request))),
  );
  app.get('/user/tags', { ...user, schema: { tags, summary: 'Tags (PRO_USER: the pro-user check)', response: apiResponses({ 200: UserTagsResponse }, [401]) } }, async (request) =>
    ok(await profile.tags(userIdOf(request))),
  );
  app.post(
    '/user/bappebti-tnc',
    { ...user, schema: { tags, summary: 'Accept the Bappebti crypto trading terms', response: apiResponses({ 200: BappebtiAcceptResponse }, [401]) } },
    async (request) => ok(await profile.acceptBappebti(userIdOf(request))),
  );
  app.post(
    '/feedback',
    { ...user, schema: { tags, body: FeedbackRequest, response: apiResponses({ 200: FeedbackResponse }, [401]) } },
    async (request) => ok(await profile.feedback(userIdOf(request), request.body)),
  );

  // ---- e-mail and phone change (PIN first, then an OTP to the new address) ----
  app.post(
    '/email-change/otp',
    { ...userWithPin, schema: { tags, body: EmailChangeOtpRequest, response: apiResponses({ 200: ChangeOtpChallenge }, [401, 409, 429]) } },
    async (request) => ok(await profile.requestEmailChange(userIdOf(request), request.body.email, contextOf(request))),
  );
  app.post(
    '/email-change/verify',
    { ...user, schema: { tags, body: ChangeVerifyRequest, response: apiResponses({ 200: UserMe }, [401, 409, 429]) } },
    async (request) => ok(await profile.verifyEmailChange(userIdOf(request), request.body.otp, contextOf(request))),
  );
  app.post(
    '/phone-change/otp',
    { ...userWithPin, schema: { tags, body: PhoneChangeOtpRequest, response: apiResponses({ 200: ChangeOtpChallenge }, [401, 409, 429]) } },
    async (request) => ok(await profile.requestPhoneChange(userIdOf(request), request.body.phone, contextOf(request))),
  );
  app.post(
    '/phone-change/verify',
    { ...user, schema: { tags, body: ChangeVerifyRequest, response: apiResponses({ 200: UserMe }, [401, 409, 429]) } },
    async (request) => ok(await profile.verifyPhoneChange(userIdOf(request), request.body.otp, contextOf(request))),
  );

  // ---- identity verification ----
  app.get('/kyc', { ...user, schema: { tags, response: apiResponses({ 200: KycStatusResponse }, [401]) } }, async (request) =>
    ok(await kyc.status(userIdOf(request))),
  );
  app.post(
    '/kyc',
    {
      ...user,
      schema: {
        tags,
        summary: 'Submit identity verification (multipart: nik, fullName, birthPlace, birthDate, address, ktpPhoto, selfie)',
        consumes: ['multipart/form-data'],
        response: apiResponses({ 200: KycStatusResponse }, [401, 409, 413]),
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (!request.isMultipart()) throw new AppError('005', { details: [{ path: 'body', message: 'multipart/form-data expected' }] });
      const fields: Record<string, string> = {};
      const uploads: KycUpload[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (!(KYC_FILE_FIELDS as readonly string[]).includes(part.fieldname) || uploads.some((u) => u.field === part.fieldname)) {
              await part.toBuffer().catch(() => undefined);
              throw new AppError('002', { details: [{ path: part.fieldname, message: 'unexpected file' }] });
            }
            const data = await part.toBuffer();
            uploads.push({ field: part.fieldname as KycUpload['field'], declaredType: part.mimetype, data });
          } else if (KYC_TEXT_FIELDS.includes(part.fieldname) && typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413) throw new AppError('2204');
        throw error;
      }
      const parsed = KycSubmissionFields.safeParse(fields);
      if (!parsed.success) {
        throw new AppError('002', {
          details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message })),
        });
      }
      return ok(await kyc.submit(userId, parsed.data, uploads));
    },
  );
  app.post(
    '/kyc/gss',
    { ...user, schema: { tags, summary: 'Submit the W-8BEN-style declaration for US stocks', body: GssDeclarationRequest, response: apiResponses({ 200: KycStatusResponse }, [401, 403, 409]) } },
    async (request) => ok(await kyc.submitGss(userIdOf(request), request.body.declaration)),
  );

  // ---- bank accounts ----
  app.get('/banks', { schema: { tags, summary: 'Indonesian banks with their codes', response: apiResponses({ 200: BankList }) } }, async () =>
    ok(banks.banks()),
  );
  app.get('/bank-accounts', { ...user, schema: { tags, response: apiResponses({ 200: BankAccountList }, [401]) } }, async (request) =>
    ok(await banks.list(userIdOf(request))),
  );
  app.post(
    '/bank-accounts',
    { ...userWithPin, schema: { tags, body: AddBankAccountRequest, response: apiResponses({ 200: BankAccount }, [401, 403, 409]) } },
    async (request) => ok(await banks.add(userIdOf(request), request.body)),
  );
  app.post(
    '/bank-accounts/:id/primary',
    { ...user, schema: { tags, params: AccountIdParams, response: apiResponses({ 200: BankAccountList }, [401, 404]) } },
    async (request) => ok(await banks.setPrimary(userIdOf(request), request.params.id)),
  );
  app.delete(
    '/bank-accounts/:id',
    { ...userWithPin, schema: { tags, params: AccountIdParams, response: apiResponses({ 200: BankAccountList }, [401, 404]) } },
    async (request) => ok(await banks.remove(userIdOf(request), request.params.id)),
  );

  // ---- notification settings and Telegram ----
  app.get(
    '/notification-settings',
    { ...user, schema: { tags, response: apiResponses({ 200: NotificationSettingsResponse }, [401]) } },
    async (request) => ok(await notifications.settings(userIdOf(request))),
  );
  app.put(
    '/notification-settings',
    { ...user, schema: { tags, body: UpdateNotificationSettingsRequest, response: apiResponses({ 200: NotificationSettingsResponse }, [401]) } },
    async (request) => ok(await notifications.updateSettings(userIdOf(request), request.body.items)),
  );
  app.post(
    '/telegram/deeplink',
    { ...user, schema: { tags, summary: 'A one-time t.me link that connects a Telegram chat', response: apiResponses({ 200: TelegramDeeplinkResponse }, [401]) } },
    async (request) => ok(await notifications.telegramDeeplink(userIdOf(request))),
  );
  app.post(
    '/telegram/disconnect',
    { ...user, schema: { tags, response: apiResponses({ 200: TelegramDisconnectResponse }, [401]) } },
    async (request) => ok(await notifications.telegramDisconnect(userIdOf(request))),
  );
  app.post(
    '/telegram/webhook',
    {
      schema: {
        tags,
        summary: `Called by the Telegram bot (header ${TELEGRAM_WEBHOOK_SECRET_HEADER})`,
        body: TelegramWebhookRequest,
        response: apiResponses({ 200: TelegramWebhookResponse }, [401]),
      },
    },
    async (request) => {
      const secret = request.headers[TELEGRAM_WEBHOOK_SECRET_HEADER];
      return ok(await notifications.telegramWebhook(Array.isArray(secret) ? secret[0] : secret, request.body.token, request.body.chatId));
    },
  );

  // ---- notification centre ----
  app.get(
    '/notifications',
    { ...user, schema: { tags, querystring: NotificationsQuery, response: apiResponses({ 200: NotificationPage }, [401]) } },
    async (request) => ok(await notifications.list(userIdOf(request), request.query.page, request.query.size, request.query.type)),
  );
  app.post(
    '/notifications/read-all',
    { ...user, schema: { tags, response: apiResponses({ 200: ReadAllResponse }, [401]) } },
    async (request) => ok(await notifications.readAll(userIdOf(request))),
  );
  app.post(
    '/notifications/:id/read',
    { ...user, schema: { tags, params: AccountIdParams, response: apiResponses({ 200: UserNotification }, [401, 404]) } },
    async (request) => ok(await notifications.read(userIdOf(request), request.params.id)),
  );

  // ---- Salesforce-style login ----
  app.get(
    '/salesforce/web-info',
    { ...user, schema: { tags, response: apiResponses({ 200: SalesforceWebInfo }, [401]) } },
    async (request) => ok(options.webInfo(userIdOf(request))),
  );

  // ---- operator ----
  app.post(
    '/admin/kyc/approve',
    { ...admin, schema: { tags: ['admin'], body: AdminKycDecisionRequest, response: apiResponses({ 200: AdminKycDecisionResponse }, [401, 404, 409]) } },
    async (request) => ok(await kyc.decide(adminPhone(request.body.phone), request.body.kind, { status: 'VERIFIED', by: request.operator?.name ?? 'operator' })),
  );
  app.post(
    '/admin/kyc/reject',
    { ...admin, schema: { tags: ['admin'], body: AdminKycDecisionRequest, response: apiResponses({ 200: AdminKycDecisionResponse }, [401, 404, 409]) } },
    async (request) => {
      const reason = request.body.reason;
      if (!reason) throw new AppError('002', { details: [{ path: 'reason', message: 'a rejection needs a reason' }] });
      return ok(await kyc.decide(adminPhone(request.body.phone), request.body.kind, { status: 'REJECTED', reason, by: request.operator?.name ?? 'operator' }));
    },
  );
  app.get(
    '/admin/kyc/pending',
    { ...admin, schema: { tags: ['admin'], response: apiResponses({ 200: AdminKycPendingResponse }, [401]) } },
    async () => ok(await kyc.pending()),
  );
  app.get(
    '/admin/kyc/submission',
    { ...admin, schema: { tags: ['admin'], querystring: AdminKycSubmissionQuery, response: apiResponses({ 200: AdminKycSubmission }, [401, 404]) } },
    async (request) => ok(await kyc.submission(adminPhone(request.query.phone), request.query.kind)),
  );
  app.get(
    '/admin/kyc/files/:submissionId/:file',
    { ...admin, schema: { tags: ['admin'], summary: 'A stored identity document (the file itself)', params: AdminKycFileParams } },
    async (request, reply) => {
      const file = await kyc.file(request.params.submissionId, request.params.file);
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${request.params.file}"`)
        .type(file.contentType)
        .send(file.body);
    },
  );
  app.post(
    '/admin/user/tag',
    { ...admin, schema: { tags: ['admin'], body: AdminUserTagRequest, response: apiResponses({ 200: AdminUserTagResponse }, [401, 404]) } },
    async (request) => ok(await profile.setTag(adminPhone(request.body.phone), request.body.tag, !request.body.remove)),
  );
};

function adminPhone(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new AppError('002', { details: [{ path: 'phone', message: PHONE_FORMAT_MESSAGE.en }] });
  return phone;
}
