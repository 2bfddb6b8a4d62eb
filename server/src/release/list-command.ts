// `release list`: the versions on disk, which one is live, and what was live when.
import { federationNameOf, type RegistryEntry } from '@pasar/shared/contract';
import { deployedRemotes, deployedVersions } from './deployed-versions';
import type { ReleaseContext } from './release-context';
import { historyOf, readHistory, type HistoryEntry } from './release-history';
import { normalizeRemoteName } from './release-paths';
import { readRegistry } from './registry-store';

export interface ListedVersion {
  version: string;
  live: boolean;
  /** First publish of this version per the history, else when its folder was created. */
  publishedAt: string;
  label?: string;
}

export interface RemoteListing {
  remote: string;
  live?: RegistryEntry;
  versions: ListedVersion[];
  history: HistoryEntry[];
}

export async function listReleases(ctx: ReleaseContext, remote?: string): Promise<RemoteListing[]> {
  const registry = await readRegistry(ctx.paths);
  const history = await readHistory(ctx.paths);
  const names = remote
    ? [normalizeRemoteName(remote)]
    : [
        ...new Set([
          ...(await deployedRemotes(ctx.paths)),
          ...Object.keys(registry.remotes).map((k) => k.replace(/_/g, '-')),
        ]),
      ].sort();

  const listings: RemoteListing[] = [];
  for (const name of names) {
    const live = registry.remotes[federationNameOf(name)];
    const events = historyOf(history, name);
    const versions = (await deployedVersions(ctx.paths, name)).map((v): ListedVersion => {
      const first = events.find((e) => e.to === v.version && e.action === 'publish');
      return {
        version: v.version,
        live: live?.version === v.version,
        publishedAt: first?.time ?? v.createdAt.toISOString(),
        ...(first?.label !== undefined ? { label: first.label } : {}),
      };
    });
    versions.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
    listings.push({ remote: name, ...(live ? { live } : {}), versions, history: events });
  }
  return listings;
}

/** Plain-text tables for a terminal. */
export function formatListings(listings: RemoteListing[]): string {
  if (listings.length === 0) return 'No remote has been published to this deploy yet.';
  const blocks = listings.map((l) => {
    const lines: string[] = [];
    lines.push(`${l.remote}  live: ${l.live ? `${l.live.version}  (${l.live.entry})` : 'none'}`);
    if (l.versions.length === 0) {
      lines.push('  no versions on disk');
    } else {
      lines.push(
        ...table(
          ['', 'VERSION', 'PUBLISHED', 'LABEL'],
          l.versions.map((v) => [v.live ? '*' : ' ', v.version, shortTime(v.publishedAt), v.label ?? '']),
        ).map((row) => `  ${row}`),
      );
    }
    lines.push('  history:');
    if (l.history.length === 0) {
      lines.push('    (none)');
    } else {
      lines.push(
        ...table(
          ['TIME', 'ACTION', 'FROM → TO', 'LABEL'],
          l.history.map((h) => [shortTime(h.time), h.action, `${h.from ?? '—'} → ${h.to}`, h.label ?? '']),
        ).map((row) => `    ${row}`),
      );
    }
    return lines.join('\n');
  });
  return blocks.join('\n\n');
}

const shortTime = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

function table(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return all.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
