// Idempotency of mutating calls on `x-request-id` per user (issue 5). STUB until it lands.
import fp from 'fastify-plugin';

export const idempotencyPlugin = fp(async () => {}, { name: 'pasar-idempotency', dependencies: ['pasar-config', 'pasar-database'] });
