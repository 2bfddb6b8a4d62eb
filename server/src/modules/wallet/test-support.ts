// Test helpers of the wallet module: verified users with a bank account and money, through the
// real routes (KYC approved by the operator route, top-up paid by the development simulator).
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import Decimal from 'decimal.js';
import {
  ACCOUNT_PATHS,
  AccountsResponse,
  BankAccount,
  ErrorEnvelope,
  TopUp,
  WALLET_PATHS,
  successEnvelope,
  topupSimulatePath,
  type CashAccount,
  type TopUpChannel,
} from '@pasar/shared/contract';
import type { PasarApp } from '../../app';
import type { HouseAccount } from '../../ledger/api';
import { freshPin, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { VALID_KYC_FIELDS, ktpFile, multipart, selfieFile } from '../account/test-support';
import { paymentWebhookSecretFile } from './webhook-signature';

export { SETUP_TIMEOUT_MS } from '../account/test-support';

/** The name on every test user's identity card (bank accounts must carry it). */
export const TEST_HOLDER = 'Budi Santoso';

export function expectStatus(response: { statusCode: number; body: string }, status: number): void {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

export const errorCodeOf = (response: { json(): unknown }): string => ErrorEnvelope.parse(response.json()).error_code;

/** A signed-up user whose identity check the operator approved. */
export async function verifiedUser(app: PasarApp): Promise<TestUser> {
  const user = await signUpTestUser(app);
  const body = multipart({ ...VALID_KYC_FIELDS, fullName: TEST_HOLDER }, [ktpFile(), selfieFile()]);
  expectStatus(await app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...user.headers, ...body.headers } }), 200);
  expectStatus(
    await app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: user.phone }, headers: { 'x-admin-token': app.adminToken } }),
    200,
  );
  return user;
}

/** Adds a bank account in the user's verified name (leaves the session PIN-fresh); its id. */
export async function addBankAccount(app: PasarApp, user: TestUser, bankCode = '014'): Promise<string> {
  await freshPin(app, user);
  const response = await app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.bankAccounts,
    headers: user.headers,
    remoteAddress: user.ip,
    payload: { bankCode, accountNumber: String(randomInt(1_000_000_000, 9_999_999_999)), holderName: TEST_HOLDER },
  });
  expectStatus(response, 200);
  return successEnvelope(BankAccount).parse(response.json()).data.id;
}

export async function createTopUp(app: PasarApp, user: TestUser, amount: string, channel: TopUpChannel = 'BCA_VA', headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: WALLET_PATHS.topups, headers: { ...user.headers, ...headers }, payload: { paymentChannel: channel, amount } });
}

export const topUpOf = (response: { json(): unknown }): TopUp => successEnvelope(TopUp).parse(response.json()).data;

/** Tops up `amount` Rupiah of IDR cash through a BCA VA top-up paid by the simulator. */
export async function fund(app: PasarApp, user: TestUser, amount: string): Promise<TopUp> {
  const created = await createTopUp(app, user, amount);
  expectStatus(created, 200);
  const paid = await app.inject({ method: 'POST', url: topupSimulatePath(topUpOf(created).id), headers: user.headers });
  expectStatus(paid, 200);
  return topUpOf(paid);
}

export async function cashAccountOf(app: PasarApp, user: TestUser): Promise<CashAccount> {
  const response = await app.inject({ method: 'GET', url: WALLET_PATHS.accounts, headers: user.headers });
  expectStatus(response, 200);
  return successEnvelope(AccountsResponse).parse(response.json()).data.cashAccount;
}

export async function houseBalance(app: PasarApp, house: HouseAccount): Promise<string> {
  return (await app.ledger.balance({ house, currency: 'IDR' })).balance;
}

/** Every currency sums to zero, no user account is negative, holds match what accounts hold. */
export async function expectLedgerClean(app: PasarApp): Promise<void> {
  const audit = await app.ledger.audit();
  for (const [currency, sum] of Object.entries(audit.sums)) expect({ currency, zero: new Decimal(sum).isZero() }).toEqual({ currency, zero: true });
  expect(audit.negativeUserAccounts).toBe(0);
  expect(audit.heldMismatch).toBe(0);
}

/** The development webhook secret the app generated in its data folder. */
export async function webhookSecretOf(dataDir: string): Promise<string> {
  return (await fs.readFile(paymentWebhookSecretFile(dataDir), 'utf8')).trim();
}
