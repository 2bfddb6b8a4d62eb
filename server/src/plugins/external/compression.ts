// Compressed responses: the shell and remote scripts are ~680 KB raw but ~230 KB gzipped, and on
// a phone's connection the difference is seconds of first paint. Brotli where the browser takes it.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 5 is most of brotli's gain at a fraction of the CPU of its default (11), which
      // matters because static files are compressed per response.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'pasar-compression' },
);
