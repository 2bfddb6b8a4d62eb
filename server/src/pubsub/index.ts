// Pub/sub: the interface, the in-process and Redis buses, the topic names.
import { createMemoryPubSub } from './memory';
import { createRedisPubSub } from './redis';
import type { PubSub } from './types';

export * from './types';
export { topics, topicOfStream } from './topics';
export { createMemoryPubSub } from './memory';
export { createRedisPubSub } from './redis';

/** Redis when a URL is given (several instances share the bus), else in-process. */
export function createPubSub(
  options: { redisUrl?: string; redisPrefix?: string; instance?: string },
  onError?: (error: unknown, context: string) => void,
): PubSub {
  return options.redisUrl
    ? createRedisPubSub({
        url: options.redisUrl,
        ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
        ...(options.instance ? { instance: options.instance } : {}),
        ...(onError ? { onError } : {}),
      })
    : createMemoryPubSub(onError ? { onError } : {});
}
