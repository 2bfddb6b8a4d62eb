// `history.json`: what was live when, per remote, appended by every publish and rollback.
import { z } from 'zod';
import { readJsonIfExists, writeJsonAtomic } from './atomic-file';
import { historyPath, type ReleasePaths } from './release-paths';
import { ReleaseError } from './release-errors';

export const HistoryEntry = z.object({
  time: z.string(),
  /** The remote's folder name (`mf-trade`). */
  remote: z.string(),
  action: z.enum(['publish', 'rollback']),
  /** The version live before, or null when the remote was not live. */
  from: z.string().nullable(),
  to: z.string(),
  /** The registry entry written, so a rollback can restore the same URL (CDN or local). */
  entry: z.string(),
  label: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const ReleaseHistory = z.object({ entries: z.array(HistoryEntry) });
export type ReleaseHistory = z.infer<typeof ReleaseHistory>;

export async function readHistory(paths: ReleasePaths): Promise<ReleaseHistory> {
  const file = historyPath(paths);
  const raw = await readJsonIfExists(file);
  if (raw === undefined) return { entries: [] };
  const parsed = ReleaseHistory.safeParse(raw);
  if (!parsed.success) {
    throw new ReleaseError(`${file} is not a valid release history; fix or move it aside by hand.`);
  }
  return parsed.data;
}

/** Only call while holding the deploy lock. */
export async function appendHistory(paths: ReleasePaths, entry: HistoryEntry): Promise<void> {
  const history = await readHistory(paths);
  await writeJsonAtomic(historyPath(paths), { entries: [...history.entries, HistoryEntry.parse(entry)] });
}

export const historyOf = (history: ReleaseHistory, remote: string): HistoryEntry[] =>
  history.entries.filter((e) => e.remote === remote);

/**
 * The version that was live just before `current` became live: the `from` of the latest
 * entry that made `current` live. Rolling back twice therefore toggles between two versions.
 */
export function previouslyLive(history: ReleaseHistory, remote: string, current: string): HistoryEntry | undefined {
  const entries = historyOf(history, remote);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.to === current && e.from !== current) return e;
  }
  return undefined;
}

/** The last entry that pointed the registry at `version` (to reuse its URL on rollback). */
export function lastEntryTo(history: ReleaseHistory, remote: string, version: string): HistoryEntry | undefined {
  return historyOf(history, remote)
    .filter((e) => e.to === version)
    .at(-1);
}

/**
 * When the last change to `remote` only moved the live version to another address (a publish
 * with `--entry-base` of the version already live), the address it had before; otherwise
 * undefined. A rollback then undoes the move instead of looking for an older version.
 */
export function entryBeforeMove(
  history: ReleaseHistory,
  remote: string,
  current: { version: string; entry: string },
): string | undefined {
  const records = historyOf(history, remote);
  const last = records.at(-1);
  if (!last || last.from !== current.version || last.to !== current.version || last.entry !== current.entry) return undefined;
  const before = records.slice(0, -1).filter((e) => e.to === current.version).at(-1);
  return before && before.entry !== undefined && before.entry !== current.entry ? before.entry : undefined;
}
