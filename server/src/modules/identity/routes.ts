// Identity routes (under /api): translate HTTP to the identity service; no rules here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthSession,
  DEVICE_ID_HEADER,
  DeviceIdParams,
  DeviceList,
  DeviceListQuery,
  DeviceLogoutRequest,
  Done,
  IDENTITY_PATHS,
  LoginPinRequest,
  LoginTokenResponse,
  OtpChallenge,
  PhoneOtpRequest,
  PhoneRequest,
  PinResetRequest,
  PinUpdateRequest,
  PinVerifiedResponse,
  PinVerifyRequest,
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  RegisterPinRequest,
  ResetTokenResponse,
  SignupTokenResponse,
  ValidatePhoneResponse,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf, headerOf } from '../../plugins/auth';
import { localizedFieldCheck } from './field-check';
import type { ClientInfo, IdentityService, IssuedSession } from './service';

/** What the identity rules need to know about the caller. */
function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: headerOf(request, 'user-agent') ?? '',
    deviceId: headerOf(request, DEVICE_ID_HEADER)?.trim() || null,
    language: languageOf(request),
  };
}

const api = (path: string) => path.replace(/^\/api/, '');
const TAG = ['identity'];

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession): void {
  reply.setCookie(REFRESH_COOKIE_NAME, issued.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: issued.refreshExpiresAt,
  });
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService }> = async (app, { service }) => {
  // Phone, OTP and PIN fields answer 002 with a message in the caller's language.
  app.addHook('preValidation', localizedFieldCheck);
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };
  app.addHook('onRequest', noStore);

  app.post(
    api(IDENTITY_PATHS.validatePhone),
    { schema: { summary: 'Normalise a phone number and tell whether it is registered', tags: TAG, body: PhoneRequest, response: apiResponses({ 200: ValidatePhoneResponse }, [429]) } },
    async (request) => ok(await service.validatePhone(request.body.phone, clientInfo(request))),
  );

  // ---- sign-up ----
  app.post(
    api(IDENTITY_PATHS.signupPhone),
    { schema: { summary: 'Sign-up step 1: send an OTP to a new phone number', tags: TAG, body: PhoneRequest, response: apiResponses({ 200: OtpChallenge }, [409, 429, 503]) } },
    async (request) => ok(await service.signupPhone(request.body.phone, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.signupVerifyOtp),
    { schema: { summary: 'Sign-up step 2: check the OTP, get a single-use signupToken', tags: TAG, body: PhoneOtpRequest, response: apiResponses({ 200: SignupTokenResponse }, [409, 429]) } },
    async (request) => ok(await service.signupVerifyOtp(request.body.phone, request.body.otp, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.registerPin),
    { schema: { summary: 'Sign-up step 3: set the PIN; creates the user and the first session', tags: TAG, body: RegisterPinRequest, response: apiResponses({ 200: AuthSession }, [400, 401, 409]) } },
    async (request, reply) => {
      const issued = await service.registerPin(request.body, clientInfo(request));
      setRefreshCookie(request, reply, issued);
      return ok(issued.session);
    },
  );

  // ---- login ----
  app.post(
    api(IDENTITY_PATHS.loginPhone),
    { schema: { summary: 'Login step 1: send an OTP to a registered phone number', tags: TAG, body: PhoneRequest, response: apiResponses({ 200: OtpChallenge }, [403, 404, 429, 503]) } },
    async (request) => ok(await service.loginPhone(request.body.phone, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.loginVerifyOtp),
    { schema: { summary: 'Login step 2: check the OTP, get a single-use loginToken', tags: TAG, body: PhoneOtpRequest, response: apiResponses({ 200: LoginTokenResponse }, [403, 404, 429]) } },
    async (request) => ok(await service.loginVerifyOtp(request.body.phone, request.body.otp, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.loginVerifyPin),
    { schema: { summary: 'Login step 3: check the PIN; starts a device session', tags: TAG, body: LoginPinRequest, response: apiResponses({ 200: AuthSession }, [401, 403, 429]) } },
    async (request, reply) => {
      const issued = await service.loginVerifyPin(request.body, clientInfo(request));
      setRefreshCookie(request, reply, issued);
      return ok(issued.session);
    },
  );

  // ---- tokens and sessions ----
  app.post(
    api(IDENTITY_PATHS.refresh),
    { schema: { summary: 'Rotate the refresh cookie and get a new access token', tags: TAG, response: apiResponses({ 200: AuthSession }, [401, 403]) } },
    async (request, reply) => {
      try {
        const issued = await service.refresh(request.cookies[REFRESH_COOKIE_NAME]);
        setRefreshCookie(request, reply, issued);
        return ok(issued.session);
      } catch (error) {
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );
  app.post(
    api(IDENTITY_PATHS.logout),
    {
      // An expired or already-ended token still logs out: the client clears its state either way.
      preHandler: async (request, reply) => app.optionalUser.call(app, request, reply).catch(() => undefined),
      schema: { summary: 'End the current session and clear the refresh cookie', tags: TAG, response: apiResponses({ 200: Done }) },
    },
    async (request, reply) => {
      clearRefreshCookie(request, reply);
      await service.logout(request.auth ?? undefined);
      return ok({});
    },
  );
  app.get(
    api(IDENTITY_PATHS.devices),
    { preHandler: app.requireUser, schema: { summary: 'The caller’s device sessions, newest first', tags: TAG, querystring: DeviceListQuery, response: apiResponses({ 200: DeviceList }, [401]) } },
    async (request) => ok(await service.devices(authOf(request), request.query)),
  );
  app.post(
    `${api(IDENTITY_PATHS.devices)}/:id/logout`,
    { preHandler: app.requireUser, schema: { summary: 'End one of the caller’s device sessions; block keeps that device out', tags: TAG, params: DeviceIdParams, body: DeviceLogoutRequest, response: apiResponses({ 200: Done }, [401, 404]) } },
    async (request) => {
      await service.logoutDevice(authOf(request), request.params.id, request.body.block ?? false);
      return ok({});
    },
  );
  app.post(
    `${api(IDENTITY_PATHS.devices)}/:id/unblock`,
    { preHandler: app.requireUser, schema: { summary: 'Let a blocked device log in again', tags: TAG, params: DeviceIdParams, response: apiResponses({ 200: Done }, [401, 404]) } },
    async (request) => {
      await service.unblockDevice(authOf(request), request.params.id);
      return ok({});
    },
  );

  // ---- PIN ----
  app.post(
    api(IDENTITY_PATHS.pinVerify),
    { preHandler: app.requireUser, schema: { summary: 'Check the PIN; the session is PIN-fresh for PIN_FRESH_SECONDS', tags: TAG, body: PinVerifyRequest, response: apiResponses({ 200: PinVerifiedResponse }, [401, 403, 429]) } },
    async (request) => ok(await service.pinVerify(authOf(request), request.body.pin, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.pinUpdate),
    { preHandler: app.requireUser, schema: { summary: 'Change the PIN: the old one, then the new one', tags: TAG, body: PinUpdateRequest, response: apiResponses({ 200: Done }, [400, 401, 403, 429]) } },
    async (request) => {
      await service.pinUpdate(authOf(request), request.body.oldPin, request.body.newPin, clientInfo(request));
      return ok({});
    },
  );
  app.post(
    api(IDENTITY_PATHS.forgotPinSendOtp),
    { schema: { summary: 'Forgot PIN step 1: send an OTP to the phone', tags: TAG, body: PhoneRequest, response: apiResponses({ 200: OtpChallenge }, [403, 404, 429, 503]) } },
    async (request) => ok(await service.forgotPinSendOtp(request.body.phone, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.forgotPinVerifyOtp),
    { schema: { summary: 'Forgot PIN step 2: check the OTP, get a single-use resetToken', tags: TAG, body: PhoneOtpRequest, response: apiResponses({ 200: ResetTokenResponse }, [403, 404, 429]) } },
    async (request) => ok(await service.forgotPinVerifyOtp(request.body.phone, request.body.otp, clientInfo(request))),
  );
  app.post(
    api(IDENTITY_PATHS.pinReset),
    { schema: { summary: 'Forgot PIN step 3: set a new PIN (unblocks it)', tags: TAG, body: PinResetRequest, response: apiResponses({ 200: Done }, [400, 401]) } },
    async (request) => {
      await service.pinReset(request.body.resetToken, request.body.newPin, clientInfo(request).language);
      return ok({});
    },
  );
};
