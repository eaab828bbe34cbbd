import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses answers for clients that accept it (br, then gzip). The default types leave
 * text/event-stream alone, and the live stream writes to the socket itself, so its ticks are never
 * held back in a compressor's buffer. The built app's files are compressed at build time.
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      // Below about 1 KB the headers cost more than compression saves.
      threshold: 1024,
    });
  },
  { name: 'compress', fastify: '5.x' },
);
