// Many instances starting at once on one data folder all read the one secret that was created,
// never an empty or half-written file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureSecretFile } from './secret-file';

describe('ensureSecretFile', () => {
  it('gives every concurrent caller the same full secret and leaves no drafts behind', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-secret-'));
    try {
      for (let round = 0; round < 5; round++) {
        const name = `secret-${round}`;
        const secrets = await Promise.all(Array.from({ length: 20 }, () => ensureSecretFile(dir, name)));
        expect(new Set(secrets).size).toBe(1);
        expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      }
      expect((await fs.readdir(dir)).sort()).toEqual(['secret-0', 'secret-1', 'secret-2', 'secret-3', 'secret-4']);
      expect((await fs.stat(path.join(dir, 'secret-0'))).mode & 0o777).toBe(0o600);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
