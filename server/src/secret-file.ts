// Development secrets kept on disk: `<dataDir>/<name>`, created once with mode 0600 and read by
// every later start (and every instance sharing the folder), so restarts keep sessions, tokens
// and signatures valid. Production sets the values through the environment instead.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Reads `<dataDir>/<name>`, creating it with a random 64-hex-character secret if missing. Safe when several instances start at once. */
export async function ensureSecretFile(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  await fs.mkdir(dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: link() is atomic and refuses an
  // existing name, so a reader never sees the file before its secret is in it (an exclusive
  // create followed by a write let an instance starting at the same moment read it empty).
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    // Another instance (or an earlier start) created it: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to get a new one`);
  return secret;
}
