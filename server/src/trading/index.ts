// The crypto order engine's pure parts (issue 6): the state table, the book walk, the resting-order
// index. No database, no Fastify: the crypto module drives them.
export * from './order-states';
export * from './book-walk';
export * from './resting-index';
