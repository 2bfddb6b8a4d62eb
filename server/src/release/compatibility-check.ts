// Can the shell satisfy a remote's shared singletons? A remote that needs a newer React than
// the shell provides would otherwise load and break at runtime, on users' screens.
import semver from 'semver';
import type { CompatibilityProblem } from './release-errors';
import type { FederationManifest } from './remote-manifest';

export interface CompatibilityReport {
  /** Singletons the shell provides in a version outside the remote's required range: refuse. */
  problems: CompatibilityProblem[];
  /**
   * Singletons the shell does not share at all. A federation manifest lists only the shared
   * modules an app actually uses, so the remote brings its own copy: worth a warning, not a refusal.
   */
  notProvided: string[];
}

export function checkCompatibility(shell: FederationManifest, remote: FederationManifest): CompatibilityReport {
  const provided = new Map(shell.shared.map((m) => [m.name, m.version]));
  const report: CompatibilityReport = { problems: [], notProvided: [] };
  const seen = new Set<string>();
  for (const mod of remote.shared) {
    if (!mod.singleton || seen.has(mod.name)) continue;
    seen.add(mod.name);
    const required = mod.requiredVersion;
    if (required === undefined || required === false || required.trim() === '' || required === '*') continue;
    if (!provided.has(mod.name)) {
      report.notProvided.push(mod.name);
      continue;
    }
    const version = provided.get(mod.name);
    const valid = version !== undefined ? semver.valid(version) : null;
    if (valid === null || !semver.satisfies(valid, required, { includePrerelease: true })) {
      report.problems.push({ module: mod.name, required, provided: version ?? 'no version' });
    }
  }
  return report;
}
