// The operator token: ADMIN_TOKEN when set, else a random one kept in `<dataDir>/admin-token`
// (created on first start, readable only by its owner). Operators on the server's machine read
// it from there; the admin CLI does so itself.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const adminTokenFile = (dataDir: string): string => path.join(dataDir, 'admin-token');

/** Reads the token file, creating it if missing. Safe when several instances start at once. */
export async function ensureAdminToken(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = adminTokenFile(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const token = (await fs.readFile(file, 'utf8')).trim();
  if (token.length < 32) throw new Error(`${file} holds no usable admin token; delete it to get a new one`);
  return token;
}
