// Salesforce-style login (§7): a stable opaque identifier per user (an HMAC of the user id, so it
// reveals nothing and needs no table) and the provider's login URL carrying it.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SalesforceWebInfo } from '@pasar/shared/contract';

export const accountIdSecretFile = (dataDir: string): string => path.join(dataDir, 'account-id-secret');

/** ACCOUNT_ID_SECRET, else a random key kept in `<dataDir>/account-id-secret` (created once, safely). */
export async function ensureAccountIdSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = accountIdSecretFile(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to get a new one`);
  return secret;
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
