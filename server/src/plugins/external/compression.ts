// Compressed responses: API answers and the shell's page, compressed per response. The shell and
// remote scripts (~680 KB raw, ~230 KB gzipped) are not: the build writes `.br` and `.gz` copies
// beside them and the web module sends those as they are (@fastify/static `preCompressed`); a
// response that already carries a content-encoding passes through here untouched.
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
      // matters because these answers are compressed per response.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'pasar-compression' },
);
