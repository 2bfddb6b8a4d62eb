// Queries of the hot paths (every authenticated call, every order) built once per handle: drizzle's
// building of a statement's text costs more CPU than sending and reading it (a few hundred µs for a
// select of a wide table on the 2-core machine), so these are prepared on first use and then only
// executed with their placeholders' values. On node-postgres they are also named prepared
// statements (parsed once per connection); on PGlite they run as before.

/** `build()` on the first call, its result on every call after (one per repository, so per handle). */
export function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
