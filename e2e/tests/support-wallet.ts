// Helpers of the wallet journeys: the operator's command, and the account steps a wallet user
// needs first (identity verified, US-stock declaration approved, a bank account) done through the
// API so the journey spends its time on the wallet pages. The bank account is added from a second
// device session: the browser's own session must not have a fresh PIN, so the cashout asks for it.
import type { BrowserContext } from '@playwright/test';
import { latestCode, type TestUser } from './support-fixtures';
import { PNG, operator } from './support-operator';

interface Envelope<T> {
  status: string;
  data: T;
  error_code?: string;
  error_message?: string;
}

export interface ApiAnswer<T> {
  httpStatus: number;
  envelope: Envelope<T>;
}

/** A call as the user (bearer token, device id), answering the envelope whatever its status. */
export async function userCall<T>(
  context: BrowserContext,
  baseURL: string,
  user: Pick<TestUser, 'accessToken' | 'deviceId'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  /** The language refusals come in. */
  lang: 'id' | 'en' = 'en',
): Promise<ApiAnswer<T>> {
  const response = await context.request.fetch(new URL(path, baseURL).toString(), {
    method,
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'x-device-id': `web-${user.deviceId}`,
      'x-language-code': lang,
      'x-request-id': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { httpStatus: response.status(), envelope: (await response.json()) as Envelope<T> };
}

async function expectSuccess<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`${what}: ${httpStatus} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

/** A 16-digit NIK nobody else in this run uses. */
const uniqueNik = () => `3174${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

export interface VerifiedPerson {
  fullName: string;
  birthDate: string;
}

/** Identity verification submitted as the user and approved by the operator. */
export async function verifyIdentity(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
  person: VerifiedPerson,
  /** The operator's command of the server at baseURL (a private server's `operatorOn`). */
  admin: (...args: string[]) => string = operator,
): Promise<void> {
  const response = await context.request.post(new URL('/api/kyc', baseURL).toString(), {
    headers: { authorization: `Bearer ${user.accessToken}`, 'x-device-id': `web-${user.deviceId}`, 'x-request-id': crypto.randomUUID() },
    multipart: {
      nik: uniqueNik(),
      fullName: person.fullName,
      birthPlace: 'Jakarta',
      birthDate: person.birthDate,
      address: 'Jl. Merdeka No. 1, Jakarta Pusat',
      ktpPhoto: { name: 'ktp.png', mimeType: 'image/png', buffer: PNG },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  if (envelope.status !== 'success') throw new Error(`POST /api/kyc: ${response.status()} ${envelope.error_code} ${envelope.error_message}`);
  admin('kyc', 'approve', user.phone);
}

/** The US-stock (W-8BEN) declaration submitted as the user and approved by the operator (`--gss`). */
export async function approveUsStocks(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
  person: VerifiedPerson,
  admin: (...args: string[]) => string = operator,
): Promise<void> {
  await expectSuccess(
    userCall(context, baseURL, user, 'POST', '/api/kyc/gss', {
      declaration: {
        fullLegalName: person.fullName,
        countryOfCitizenship: 'ID',
        permanentAddress: 'Jl. Merdeka No. 1, Jakarta Pusat',
        dateOfBirth: person.birthDate,
        notUsPerson: true,
        treatyCountry: 'ID',
        signature: person.fullName,
        signedDate: new Date().toISOString().slice(0, 10),
      },
    }),
    'POST /api/kyc/gss',
  );
  admin('kyc', 'approve', user.phone, '--gss');
}

/**
 * A bank account added from another device: logs in there (phone, the code from the development
 * inbox, the PIN), verifies the PIN in that session, then adds the account.
 */
export async function addBankAccountElsewhere(
  context: BrowserContext,
  baseURL: string,
  user: TestUser,
  account: { bankCode: string; accountNumber: string; holderName: string },
): Promise<void> {
  const device = { deviceId: crypto.randomUUID(), accessToken: '' };
  const since = Date.now();
  await expectSuccess(userCall(context, baseURL, device, 'POST', '/api/auth/login/phone', { phone: user.phone }), 'login/phone');
  const otp = await latestCode(context, baseURL, user.phone, since);
  const { loginToken } = await expectSuccess(
    userCall<{ loginToken: string }>(context, baseURL, device, 'POST', '/api/auth/login/verify-otp', { phone: user.phone, otp }),
    'login/verify-otp',
  );
  const session = await expectSuccess(
    userCall<{ accessToken: string }>(context, baseURL, device, 'POST', '/api/auth/login/verify-pin', { loginToken, pin: user.pin }),
    'login/verify-pin',
  );
  const other = { deviceId: device.deviceId, accessToken: session.accessToken };
  await expectSuccess(userCall(context, baseURL, other, 'POST', '/api/pin/verify', { pin: user.pin }), 'pin/verify');
  await expectSuccess(userCall(context, baseURL, other, 'POST', '/api/bank-accounts', account), 'POST /api/bank-accounts');
}

/** The id of the user's cashout waiting for review, from the operator's list. */
export function pendingCashoutId(phone: string): string {
  const line = operator('cashout', 'list')
    .split('\n')
    .find((l) => l.includes(phone));
  const id = line?.trim().split(/\s+/)[0];
  if (!id) throw new Error(`no cashout waiting for ${phone}`);
  return id;
}
