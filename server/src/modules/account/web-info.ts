// Salesforce-style login (§7): a stable opaque identifier per user (an HMAC of the user id, so it
// reveals nothing and needs no table) and the provider's login URL carrying it.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { SalesforceWebInfo } from '@pasar/shared/contract';
import { ensureSecretFile } from '../../secret-file';

const ACCOUNT_ID_SECRET_FILE = 'account-id-secret';
export const accountIdSecretFile = (dataDir: string): string => path.join(dataDir, ACCOUNT_ID_SECRET_FILE);

/** ACCOUNT_ID_SECRET, else a random key kept in `<dataDir>/account-id-secret` (created once, safely). */
export async function ensureAccountIdSecret(dataDir: string, fromEnv?: string): Promise<string> {
  return fromEnv ?? ensureSecretFile(dataDir, ACCOUNT_ID_SECRET_FILE);
}

export function salesforceIdentifier(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`salesforce:${userId}`).digest('base64url').slice(0, 32);
}

export function salesforceWebInfo(secret: string, loginUrl: string | undefined, userId: string): SalesforceWebInfo {
  const identifier = salesforceIdentifier(secret, userId);
  if (!loginUrl) return { salesforceIdentifier: identifier, loginUrl: null };
  const url = new URL(loginUrl);
  url.searchParams.set('salesforceIdentifier', identifier);
  return { salesforceIdentifier: identifier, loginUrl: url.toString() };
}
