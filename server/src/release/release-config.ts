// Tunables of the release tool, in one place.

export const releaseConfig = {
  /** Hex characters of the content hash kept in a version name (`0.1.0-1a2b3c4d`). */
  versionHashLength: 8,
  /** How long a publish or rollback waits for another one to release the deploy lock. */
  lockTimeoutMs: 60_000,
  /** How often a waiting command retries the lock. */
  lockRetryMs: 50,
  /** A lock older than this is taken as left behind by a crashed command. */
  lockStaleMs: 10 * 60_000,
  /** File names inside the deploy folder. */
  registryFile: 'remotes.json',
  historyFile: 'history.json',
  lockFile: '.release.lock',
  remotesFolder: 'remotes',
  /** Entries are served from here when no --entry-base is given (the server's `/remotes/*`). */
  defaultEntryBase: '/remotes',
} as const;
