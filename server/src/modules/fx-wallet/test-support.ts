// Test helpers of the fx-wallet module: users verified through the real identity routes, money
// put in place straight through the ledger (from house accounts, as a top-up or a crypto purchase
// would), balances read back, and the ledger audit.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS, ErrorEnvelope, successEnvelope } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { PasarApp } from '../../app';
import type { AccountRef, HouseAccount } from '../../ledger/api';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { VALID_KYC_FIELDS, ktpFile, multipart, selfieFile } from '../account/test-support';
import { wibDate } from '../../market/calendar/time';

export { SETUP_TIMEOUT_MS } from '../account/test-support';

const admin = (app: PasarApp) => ({ 'x-admin-token': app.adminToken });

async function expectOk(response: { statusCode: number; body: string }, what: string): Promise<void> {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

/** A signed-up user with the identity check (kyc) and, if asked, the US-stock declaration (gss) VERIFIED. */
export async function verifiedUser(app: PasarApp, level: 'none' | 'kyc' | 'gss'): Promise<TestUser> {
  const user = await signUpTestUser(app);
  if (level === 'none') return user;
  const body = multipart(VALID_KYC_FIELDS, [ktpFile(), selfieFile()]);
  await expectOk(await app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...user.headers, ...body.headers } }), 'kyc');
  await expectOk(await app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: user.phone }, headers: admin(app) }), 'kyc approve');
  if (level === 'kyc') return user;
  const declaration = {
    fullLegalName: VALID_KYC_FIELDS.fullName,
    countryOfCitizenship: 'ID',
    permanentAddress: VALID_KYC_FIELDS.address,
    dateOfBirth: VALID_KYC_FIELDS.birthDate,
    notUsPerson: true,
    treatyCountry: 'ID',
    signature: VALID_KYC_FIELDS.fullName,
    signedDate: wibDate(Date.now()),
  };
  await expectOk(await app.inject({ method: 'POST', url: ACCOUNT_PATHS.kycGss, payload: { declaration }, headers: user.headers }), 'gss');
  await expectOk(
    await app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: user.phone, kind: 'gss' }, headers: admin(app) }),
    'gss approve',
  );
  return user;
}

/** Moves `amount` from a house account into one of the user's accounts (test funding). */
export async function fund(app: PasarApp, to: AccountRef, amount: string, from: HouseAccount = 'PAYMENT_CLEARING'): Promise<void> {
  await app.ledger.transfer({
    key: `test-fund:${randomUUID()}`,
    kind: 'TEST_FUNDING',
    legs: [{ from: { house: from, currency: to.currency }, to, amount }],
  });
}

export const cash = (userId: string): AccountRef => ({ userId, currency: 'IDR', purpose: 'CASH' });
export const paln = (userId: string): AccountRef => ({ userId, currency: 'USD', purpose: 'USD_PALN' });
export const leverageWallet = (userId: string): AccountRef => ({ userId, currency: 'USD', purpose: 'USD_LEVERAGE' });
export const perpMargin = (userId: string): AccountRef => ({ userId, currency: 'USDT', purpose: 'PERP_MARGIN' });
export const spotUsdt = (userId: string): AccountRef => ({ userId, currency: 'USDT', purpose: 'SPOT' });

/** The account's balance as a Decimal. */
export const balanceOf = async (app: PasarApp, account: AccountRef): Promise<Decimal> => new Decimal((await app.ledger.balance(account)).balance);

/** Every non-zero balance of the user ("balance/held" by account), for "nothing changed" checks. */
export async function snapshot(app: PasarApp, userId: string): Promise<Record<string, string>> {
  const rows = await app.ledger.userBalances(userId);
  return Object.fromEntries(
    rows
      .filter((r) => !new Decimal(r.balance).isZero() || !new Decimal(r.held).isZero())
      .map((r) => ['house' in r.account ? r.account.house : `${r.account.purpose}:${r.currency}`, `${new Decimal(r.balance).toFixed()}/${new Decimal(r.held).toFixed()}`]),
  );
}

/** The ledger's invariants: every currency sums to zero, no user account below zero, holds match. */
export async function expectAuditClean(app: PasarApp): Promise<void> {
  const audit = await app.ledger.audit();
  const nonZero = Object.entries(audit.sums).filter(([, sum]) => !new Decimal(sum).isZero());
  expect({ nonZero, negative: audit.negativeUserAccounts, heldMismatch: audit.heldMismatch }).toEqual({ nonZero: [], negative: 0, heldMismatch: 0 });
}

export interface Answer {
  readonly statusCode: number;
  json(): unknown;
}

export const dataOf = <T extends z.ZodType>(schema: T, response: Answer): z.infer<T> => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${JSON.stringify(response.json())}`);
  return (successEnvelope(schema).parse(response.json()) as { data: z.infer<T> }).data;
};
export const errorCodeOf = (response: Answer): string => ErrorEnvelope.parse(response.json()).error_code;
