// The part of a Module Federation `mf-manifest.json` the release tool reads.
import fs from 'node:fs/promises';
import { z } from 'zod';
import { ReleaseError } from './release-errors';

const SharedModule = z.object({
  name: z.string(),
  version: z.string().optional(),
  /** `false` (or absent) means "any version". */
  requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
  singleton: z.boolean().optional(),
});
export type SharedModule = z.infer<typeof SharedModule>;

export const FederationManifest = z.object({
  name: z.string().optional(),
  shared: z.array(SharedModule).default([]),
});
export type FederationManifest = z.infer<typeof FederationManifest>;

export async function readManifest(file: string, whose: string, missingHint: string): Promise<FederationManifest> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ReleaseError(`${whose} is not built: ${file} does not exist. ${missingHint}`);
    }
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ReleaseError(`${file} (${whose}) is not valid JSON.`);
  }
  const parsed = FederationManifest.safeParse(raw);
  if (!parsed.success) {
    throw new ReleaseError(`${file} (${whose}) is not a Module Federation manifest: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}
