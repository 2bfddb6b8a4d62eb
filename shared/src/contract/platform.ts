// Platform calls: health, the remote registry.
import { z } from './zod';

export * from './platform-values';

/** 200: the instance serves. Degraded (the database does not answer) is 503 / 012, the failing part in the details. */
export const HealthResponse = z.object({
  ok: z.literal(true),
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** Which instance answered (INSTANCE_ID; several run behind a load balancer). */
  instance: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** One remote as the registry lists it: where its manifest is, and which version is live. */
export const RegistryEntry = z.object({
  version: z.string(),
  /** URL of the remote's `mf-manifest.json`; relative to the site, or absolute for another origin. */
  entry: z.string(),
});
export type RegistryEntry = z.infer<typeof RegistryEntry>;

/** `/remotes.json`: the only mutable pointer of a deploy. Keys are federation names (mf_trade). */
export const RemoteRegistry = z.object({
  remotes: z.record(z.string(), RegistryEntry),
  updatedAt: z.string(),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistry>;
