// The bootstrap operator token ("root", which adds named operators): ADMIN_TOKEN when set, else a
// random one kept in `<dataDir>/admin-token` (created on first start, readable only by its owner).
// Operators on the server's machine read it from there; the admin CLI does so itself.
import path from 'node:path';
import { ensureSecretFile } from '../secret-file';

const ADMIN_TOKEN_FILE = 'admin-token';

export const adminTokenFile = (dataDir: string): string => path.join(dataDir, ADMIN_TOKEN_FILE);

/** Reads the token file, creating it if missing. Safe when several instances start at once. */
export async function ensureAdminToken(dataDir: string, fromEnv?: string): Promise<string> {
  return fromEnv ?? ensureSecretFile(dataDir, ADMIN_TOKEN_FILE);
}
