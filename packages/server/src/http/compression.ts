import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Answers are compressed (brotli, else gzip) when the browser accepts it and they pass 1 KB:
 * below that the headers cost about what compression saves. The built web app's files are
 * compressed once at build time and sent as they are (see web-app.ts); only what is made per
 * request is compressed here, at brotli's quick level.
 */
export const API_COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
};
