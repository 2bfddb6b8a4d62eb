// Errors the release tool reports to a person: the message is the whole explanation.

/** A refusal or failure with a message fit to print as is; the CLI exits non-zero. */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** One shared singleton the shell cannot satisfy for a remote. */
export interface CompatibilityProblem {
  module: string;
  required: string;
  /** The version the shell provides. */
  provided: string;
}

export class IncompatibleRemoteError extends ReleaseError {
  constructor(
    readonly remote: string,
    readonly problems: readonly CompatibilityProblem[],
    action: 'publish' | 'roll back to' = 'publish',
  ) {
    super(
      `Refusing to ${action} ${remote}: the shell cannot satisfy its shared singletons.\n` +
        problems.map((p) => `  - ${describeProblem(p)}`).join('\n') +
        '\nThe registry was not changed. ' +
        (action === 'publish'
          ? "Rebuild the remote against the shell's versions, or deploy a shell that provides them first."
          : 'Pass --force to roll back anyway.'),
    );
    this.name = 'IncompatibleRemoteError';
  }
}

export function describeProblem(p: CompatibilityProblem): string {
  return `${p.module}: the remote requires ${p.required}, the shell provides ${p.provided}`;
}
